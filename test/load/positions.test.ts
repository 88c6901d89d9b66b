import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offsetToPosition, positionsOf } from "../../src/load/lines.js";
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

describe("positionsOf", () => {
  /** The reference: a table of line starts (a line ends at \n, \r\n or a lone \r). */
  function reference(text: string, offset: number) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return { line: line + 1, column: offset - starts[line]! + 1 };
  }

  it("agrees with a table of line starts, for \\n, \\r\\n and lone \\r, in any order of offsets", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "\n", "\r", "\r\n", " ") }), fc.array(fc.nat()), (text, raw) => {
        const offsets = raw.map((n) => n % (text.length + 1));
        expect(positionsOf(text, offsets)).toEqual(offsets.map((o) => reference(text, o)));
        for (const o of offsets) expect(offsetToPosition(text, o)).toEqual(reference(text, o));
      }),
      { numRuns: 300 },
    );
  });
});
