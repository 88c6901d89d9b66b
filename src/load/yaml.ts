import { parseDocument } from "yaml";
import { offsetToPosition } from "./lines.js";

/** Parses YAML (1.2 core schema); the first error carries line and column. */
export function parseYaml(
  text: string,
): { data: unknown } | { error: { message: string; line: number; column: number } } {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  const first = doc.errors[0];
  if (first) {
    const { line, column } = offsetToPosition(text, Math.min(first.pos[0], text.length));
    return { error: { message: `invalid YAML: ${first.message.split("\n")[0] ?? first.message}`, line, column } };
  }
  return { data: doc.toJS({ maxAliasCount: 100 }) };
}
