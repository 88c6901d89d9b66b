import { describe, expect, it } from "vitest";
import { compareDiagnostics } from "../../src/load/positions.js";
import type { Diagnostic } from "../../src/model.js";

describe("compareDiagnostics", () => {
  it("orders by file, position, rule, message, and last by pointer (two pointers can share a place)", () => {
    const at = (file: string, line: number, rule: string, pointer: string): Diagnostic => ({
      file, line, column: 3, rule, severity: "warning", message: "m", pointer,
    });
    const sorted = [
      at("b.yaml", 1, "r", "/a"),
      at("a.yaml", 2, "r", "/p/properties/q"),
      at("a.yaml", 2, "r", "/p/allOf/0/properties/q"),
      at("a.yaml", 2, "q", "/z"),
      at("a.yaml", 1, "r", "/y"),
    ].sort(compareDiagnostics);
    expect(sorted.map((d) => `${d.file}:${d.line} ${d.rule} ${d.pointer}`)).toEqual([
      "a.yaml:1 r /y",
      "a.yaml:2 q /z",
      "a.yaml:2 r /p/allOf/0/properties/q",
      "a.yaml:2 r /p/properties/q",
      "b.yaml:1 r /a",
    ]);
  });
});
