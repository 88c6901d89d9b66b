import { describe, expect, it } from "vitest";
import { formatStylish } from "../../../src/lint/formatters/stylish.js";
import type { Diagnostic } from "../../../src/model.js";

const diagnostics: Diagnostic[] = [
  { file: "schemas/a.json", tool: "a", rule: "schema-valid", severity: "error", message: "bad type", pointer: "/input_schema/type", line: 5, column: 7 },
  { file: "schemas/a.json", tool: "a", rule: "parameter-description", severity: "warning", message: "no description", pointer: "/input_schema/properties/x", line: 12, column: 7 },
  { file: "schemas/b.json", rule: "parse-error", severity: "error", message: "invalid JSON", pointer: "", line: 1, column: 2 },
];
const ESC = "\u001b[";

describe("formatStylish", () => {
  it("groups by file, aligns, and summarises, without colour", () => {
    expect(formatStylish(diagnostics, { color: false })).toBe(
      [
        "",
        "schemas/a.json",
        "   5:7  error    bad type  tool 'a' #/input_schema/type  schema-valid",
        "  12:7  warning  no description  tool 'a' #/input_schema/properties/x  parameter-description",
        "",
        "schemas/b.json",
        "  1:2  error  invalid JSON  #  parse-error",
        "",
        "✖ 3 problems (2 errors, 1 warning)",
        "",
      ].join("\n"),
    );
  });

  it("colours when asked", () => {
    const out = formatStylish(diagnostics, { color: true });
    expect(out).toContain(`${ESC}31merror`);
    expect(out).toContain(`${ESC}33mwarning`);
    expect(out).toContain(`${ESC}4mschemas/a.json${ESC}24m`);
  });

  it("prints nothing when there is nothing to report", () => {
    expect(formatStylish([], { color: true })).toBe("");
  });
});
