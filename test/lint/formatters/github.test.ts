import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty, formatGithub } from "../../../src/lint/formatters/github.js";

describe("formatGithub", () => {
  it("prints one ::error or ::warning annotation per finding", () => {
    const out = formatGithub([
      { file: "schemas/a.json", tool: "a", rule: "schema-valid", severity: "error", message: "bad type", pointer: "/input_schema/type", line: 5, column: 7 },
      { file: "schemas/b.json", rule: "parameter-description", severity: "warning", message: "no description", pointer: "/properties/x", line: 3, column: 1 },
    ]);
    expect(out).toBe(
      "::error file=schemas/a.json,line=5,col=7,title=toolgen schema-valid::bad type [tool 'a', #/input_schema/type]\n" +
        "::warning file=schemas/b.json,line=3,col=1,title=toolgen parameter-description::no description [#/properties/x]\n",
    );
  });

  it("escapes % \\r \\n in messages, and also : and , in properties", () => {
    expect(escapeData("100%\r\nnext: a, b")).toBe("100%25%0D%0Anext: a, b");
    expect(escapeProperty("dir,x/a:b%.json")).toBe("dir%2Cx/a%3Ab%25.json");
    const out = formatGithub([
      { file: "my,dir/C:a.json", rule: "parse-error", severity: "error", message: "line one\nline two 50%", pointer: "" },
    ]);
    // A newline in a finding's text is shown as `\n` (escape.ts): a command's %0A is never a schema's.
    expect(out).toBe("::error file=my%2Cdir/C%3Aa.json,title=toolgen parse-error::line one\\nline two 50%25 [#]\n");
    expect(out.trimEnd().split("\n")).toHaveLength(1);
  });
});
