/** YAML tool files: parsed as JSON-compatible data, with positions, and what JSON cannot hold reported. */
import { isAlias, parseDocument, visit, type Document } from "yaml";
import { offsetToPosition } from "./lines.js";

/** How many nodes the aliases of one document may expand to (the `yaml` package's `maxAliasCount`). */
export const MAX_ALIAS_COUNT = 100;

type Located = { message: string; line: number; column: number };

/**
 * Parses YAML (1.2 core schema); the first error carries line and column. Hostile documents are
 * errors too: aliases that expand without bound (a "billion laughs" document) and nesting so deep
 * that the parser itself runs out of stack.
 */
export function parseYaml(text: string): { data: unknown } | { error: Located } {
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  } catch (error) {
    return { error: { message: `invalid YAML: ${tooDeepOr(error)}`, line: 1, column: 1 } };
  }
  const first = doc.errors[0];
  if (first) {
    const { line, column } = offsetToPosition(text, Math.min(first.pos[0], text.length));
    return { error: { message: `invalid YAML: ${first.message.split("\n")[0] ?? first.message}`, line, column } };
  }
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    const aliasBomb = error instanceof ReferenceError && /alias/i.test(error.message);
    const message = aliasBomb
      ? `invalid YAML: its aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT} per alias), as in a "billion laughs" document; write the values out or use $ref`
      : `invalid YAML: ${tooDeepOr(error)}`;
    return { error: { message, ...offsetToPosition(text, firstAliasOffset(doc)) } };
  }
}

function tooDeepOr(error: unknown): string {
  if (error instanceof RangeError) return "the document is nested too deeply to read";
  return error instanceof Error ? error.message : String(error);
}

function firstAliasOffset(doc: Document.Parsed): number {
  let offset = 0;
  try {
    visit(doc, {
      Alias(_key, node) {
        if (isAlias(node)) offset = node.range?.[0] ?? 0;
        return visit.BREAK;
      },
    });
  } catch {
    // A document too deep to visit: its start.
  }
  return offset;
}
