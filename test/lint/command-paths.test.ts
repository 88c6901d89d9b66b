/** The command line's path shortcuts (src/commands/lint.ts) give what path.resolve and path.dirname give. */
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePath } from "../../src/commands/lint.js";

const piece = fc.constantFrom("a", "b.json", ".", "..", "...", ".a", "a.", "/", "//", "\\", " ", "é", "x y");
const relative = fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));

describe("lint's path shortcuts", () => {
  it("resolvePath equals path.resolve, for any path against any folder (fast-check, seed 41)", () => {
    fc.assert(
      fc.property(fc.constantFrom("/", "/w", "/w/x y", "/a/b/c"), relative, (cwd, given) => {
        expect(resolvePath(cwd, given)).toBe(path.resolve(cwd, given));
      }),
      { seed: 41, numRuns: 3000 },
    );
  });

  it("resolvePath gives an absolute path as path.resolve does, normal or not (fast-check, seed 43)", () => {
    fc.assert(
      fc.property(relative, (given) => {
        const absolute = `/${given}`;
        expect(resolvePath("/w", absolute)).toBe(path.resolve("/w", absolute));
      }),
      { seed: 43, numRuns: 3000 },
    );
    for (const plain of ["/a", "/a/b.json", "/w/x y/é.json", "/.../a.", "/a/.b"]) expect(resolvePath("/w", plain)).toBe(plain);
  });
});
