/**
 * Issue 36 item 5: the RE2 engine a build vendors into `runtime/re2.ts` is src/runtime/vendor/re2js.js,
 * re2js's build/index.js laid out within 120 columns by scripts/vendor-re2.mjs. The copy is made from
 * the installed re2js (its first line records that file's sha256: a re2js upgrade fails here until the
 * script runs again) and keeps every line within 120 columns. That it runs as re2js does is held by the
 * tests that run pattern validators (test/runtime/generated-validators.test.ts, pattern-classes.test.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

const COPY = path.join(repoRoot, "src", "runtime", "vendor", "re2js.js");
const copy = readFileSync(COPY, "utf8");

describe("the vendored RE2 engine (src/runtime/vendor/re2js.js)", () => {
  it("is made from the installed re2js (else: node scripts/vendor-re2.mjs)", () => {
    const installed = createRequire(import.meta.url).resolve("re2js").replace(/index\.cjs$/, "index.js");
    const hash = createHash("sha256").update(readFileSync(installed, "utf8")).digest("hex");
    expect(copy.split("\n", 1)[0]).toBe(`// re2js ${hash}: laid out by scripts/vendor-re2.mjs`);
  });

  it("has no line past 120 columns but a single word", () => {
    const long = copy.split("\n").filter((l) => l.length > 120 && /\s\S/.test(l.trim()));
    expect(long).toEqual([]);
  });

});
