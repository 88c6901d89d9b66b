/**
 * Issue 38 item 4: the `email` format against ajv-formats 3's own "full" mode (the differential tests
 * compare with Ajv given toolgen's formats, so they could not see a difference). `a@e` and
 * `a@localhost`, which toolgen accepted, are rejected as ajv-formats rejects them; on a fixed-seed corpus
 * of addresses built from the characters that matter, the verdicts differ only where RFC 5321's length
 * limits (a local part of at most 64 characters, a label of at most 63, a domain of at most 253), which
 * ajv-formats does not check, make toolgen stricter: the difference docs/dispatch.md lists.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formats } from "../../src/runtime/formats.js";
import { repoRoot } from "../helpers.js";

const require = createRequire(path.join(repoRoot, "package.json"));
// ajv-formats 3 (a dependency of the MCP SDK), its "full" mode, as Ajv users configure it.
const full = (require("ajv-formats/dist/formats") as { fullFormats: Record<string, RegExp | { validate: (s: string) => boolean }> }).fullFormats;
const theirs = (value: string): boolean => {
  const f = full["email"]!;
  return f instanceof RegExp ? f.test(value) : f.validate(value);
};
const ours = formats["email"]!;

/** The length limits of RFC 5321 that toolgen checks and ajv-formats does not. */
function pastLimits(value: string): boolean {
  const at = value.lastIndexOf("@");
  const domain = value.slice(at + 1);
  return at > 64 || value.length > 320 || domain.length > 253 || domain.split(".").some((label) => label.length > 63);
}

describe("email, against ajv-formats' full mode", () => {
  it("a@e and a@localhost are rejected, as ajv-formats rejects them; a@e.x is accepted", () => {
    for (const value of ["a@e", "a@localhost", "user@intranet"]) expect([value, ours(value), theirs(value)]).toEqual([value, false, false]);
    for (const value of ["a@e.x", "first.last+tag@mail.example.com", "x@localhost.localdomain"]) expect([value, ours(value), theirs(value)]).toEqual([value, true, true]);
  });

  it("agree on a fixed-seed corpus but for the length limits docs/dispatch.md lists", () => {
    const piece = fc.constantFrom("a", "Z", "0", "-", ".", "+", "_", "!", "'", "~", "é", " ", "@", "ab", "x".repeat(64), "y".repeat(70));
    const part = fc.array(piece, { minLength: 0, maxLength: 6 }).map((p) => p.join(""));
    const seen = { agreed: 0, limits: 0, accepted: 0 };
    fc.assert(
      fc.property(part, part, fc.constantFrom("", ".com", ".a", ".x-y.z", "."), (local, host, tail) => {
        const value = `${local}@${host}${tail}`;
        const a = ours(value);
        const b = theirs(value);
        if (a) seen.accepted++;
        if (a === b) seen.agreed++;
        else {
          // Only where the limits are passed, and only ever stricter.
          expect([value, a, b, pastLimits(value)]).toEqual([value, false, true, true]);
          seen.limits++;
        }
      }),
      { numRuns: 20_000, seed: 20261129 },
    );
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.limits).toBeGreaterThan(0);
  });

  it("docs/dispatch.md lists the difference", async () => {
    const doc = await readFile(path.join(repoRoot, "docs", "dispatch.md"), "utf8");
    expect(doc).toContain("`email` makes ajv-formats' choices");
    expect(doc).toContain("test/runtime/email-format.test.ts");
  });
});
