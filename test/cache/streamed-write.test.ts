/**
 * Issue 28, build memory: the artifact cache is written part by part (cache-file.ts
 * `writeSealedParts`) instead of as one joined, sealed string. The file must be the very file the
 * one-string writer made: the same bytes as `sealCacheText(name, body)` for the joined body, read
 * back by `readSealed`. Random parts (fixed seed) with multi-byte text, empty parts, and bodies past
 * the 1 MB write batch, so a batch boundary falls inside the body.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSealed, sealCacheText, writeSealedParts } from "../../src/build/cache-file.js";
import { tempDir } from "../helpers.js";

const piece = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), fc.constantFrom("", "é", "🙂", '"\\', "x".repeat(300_000)));

describe("the artifact cache written part by part", () => {
  it("is byte for byte the sealed file of the joined body, and reads back", async () => {
    const dir = await tempDir();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 30 }), async (parts) => {
        const values = parts.map((p) => JSON.stringify(p));
        const body = `[${values.join(",")}]`;
        const file = path.join(dir, `tools-${n++}.json`);
        const chunks = ["[", ...values.flatMap((v, i) => (i > 0 ? [",", v] : [v])), "]"];
        await writeSealedParts(file, chunks);
        expect(await readFile(file, "utf8")).toBe(sealCacheText(path.basename(file), body));
        expect(await readSealed(file)).toEqual(parts);
      }),
      { seed: 28, numRuns: 60 },
    );
  });
});
