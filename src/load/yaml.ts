import { parseDocument } from "yaml";

/** Parses YAML (1.2, JSON-compatible core schema); the first error carries line and column. */
export function parseYaml(
  text: string,
): { data: unknown } | { error: { message: string; line: number; column: number } } {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: false });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    return {
      error: {
        message: first.message.split("\n")[0] ?? first.message,
        line: pos?.line ?? 1,
        column: pos?.col ?? 1,
      },
    };
  }
  return { data: doc.toJS({ maxAliasCount: 100 }) };
}
