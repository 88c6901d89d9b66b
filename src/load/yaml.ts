import { parseDocument } from "yaml";

/** Parses YAML (1.2 core schema); the first error carries line and column. */
export function parseYaml(
  text: string,
): { data: unknown } | { error: { message: string; line: number; column: number } } {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  const first = doc.errors[0];
  if (first) {
    const offset = Math.min(first.pos[0], text.length);
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - (before.lastIndexOf("\n") + 1) + 1;
    return { error: { message: `invalid YAML: ${first.message.split("\n")[0] ?? first.message}`, line, column } };
  }
  return { data: doc.toJS({ maxAliasCount: 100 }) };
}
