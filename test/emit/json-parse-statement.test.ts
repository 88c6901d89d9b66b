import ts from "typescript";
import { describe, expect, it } from "vitest";
import { jsonParseStatement, MAX_LINE } from "../../src/emit/code-lines.js";

/** The value the statement's `JSON.parse(`...`)` builds, read with TypeScript's own scanner (no eval). */
function parsedValue(code: string): unknown {
  const file = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  let text: string | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    ts.forEachChild(node, visit);
  };
  visit(file);
  const syntax = ts.transpileModule(code, { reportDiagnostics: true }).diagnostics ?? [];
  expect(syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  expect(text).toBeDefined();
  return JSON.parse(text ?? "");
}

describe("jsonParseStatement", () => {
  const hostile = {
    name: "tick`s ${not} a \\ template",
    ["__proto__"]: { polluted: true },
    long: `${"word ".repeat(80)}${"x".repeat(300)}`,
    unicode: "line\u2028sep \u{1F600} \"quoted\" \n newline $$ {}",
    nested: [{ a: [1, 2.5, null, false] }, []],
  };

  it("builds the same data, __proto__ included as an own key", () => {
    const value = JSON.parse(JSON.stringify(hostile));
    const code = jsonParseStatement("export const data: unknown = ", value, ";");
    const back = parsedValue(code);
    expect(back).toEqual(value);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back as object)).toContain("__proto__");
  });

  it("keeps every line within 120 columns, continuation lines included", () => {
    const code = jsonParseStatement("export const tools: ToolDefinition[] = ", [hostile, hostile], ";");
    for (const line of code.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(MAX_LINE);
    expect(code.split("\n").some((l) => l.endsWith("\\"))).toBe(true);
  });

  it("writes empty arrays and scalars", () => {
    expect(jsonParseStatement("const a = ", [], ";")).toBe("const a = JSON.parse(`[]`);");
    expect(parsedValue(jsonParseStatement("const s = ", "`${x}`", ";"))).toBe("`${x}`");
  });
});
