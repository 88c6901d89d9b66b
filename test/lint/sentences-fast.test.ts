/**
 * countSentences counts ordinary prose with one regular expression (SURE_FULL_STOP) before the full
 * rules: it must give exactly what the full rules give, for every text and every limit.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countEveryEnd, countSentences } from "../../src/lint/sentences.js";

/** Pieces that exercise every rule: long and short words, abbreviations, initialisms, closers, lists, code, URLs, other scripts. */
const PIECES = [
  "summarizes", "records", "Returns", "The", "It", "a", "e.g.", "i.e.", "U.S.", "U. S.", "approx.", "Dr.", "No.", "p.", "etc.",
  "z. B.", "par ex.", "Sig.ra", "c.-à-d.", ".", ". ", "..", "...", ". . .", "!", "?", "?!", "…", "。", "！", " ", "  ", "\n", "\n\n",
  "\n- ", "\n1. ", "1.", "3.5", "v1.2.3", "file.json", '"', "'", ")", "(", "»", "«", "`a.b()`", "```x. Y```", "https://x.io/a.b",
  "www.example.com", "é", "Été", "Ünïcödé", "ﾃｽﾄ", "напр.", "Это", "世界", "😀", "\uD800", "-", "*", "_", "#", "\t", "\r\n",
  "ex.", "Mr.", "Mrs.", "vs.", "ca.", "St.", "Ms.", "par", "p", "ad es.", "Sr.", "inkl.", "Prof.", "system.", "that.", "UTC.",
  "Abbreviation", "Verylongword.", "Lowercase", "lowercase", "X", "Y.", "7", "Longerword. Next",
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(""));

function descriptionsOf(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...descriptionsOf(full));
    else if (entry.name.endsWith(".json")) {
      try {
        const data: unknown = JSON.parse(readFileSync(full, "utf8"));
        if (data !== null && typeof data === "object" && typeof (data as { description?: unknown }).description === "string") {
          found.push((data as { description: string }).description);
        }
      } catch {
        // not JSON: not a description source
      }
    }
  }
  return found;
}

describe("countSentences' fast path", () => {
  it("agrees with the full rules on random texts, for every limit (fast-check, seed 9)", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 6 }), (t, limit) => {
        expect(countSentences(t, limit)).toBe(countEveryEnd(t, limit));
      }),
      { seed: 9, numRuns: 6000 },
    );
  });

  it("agrees on the descriptions of the fixtures and the seed tools", () => {
    const descriptions = [...descriptionsOf("test/fixtures"), ...descriptionsOf("schemas")];
    expect(descriptions.length).toBeGreaterThan(30);
    for (const d of descriptions) for (const limit of [1, 2, 3, 4, 8]) expect(countSentences(d, limit), d).toBe(countEveryEnd(d, limit));
  });

  it("counts ordinary prose by the expression alone, and defers to the full rules otherwise", () => {
    expect(countSentences("Summarizes records. Returns whatever. Another sentence here.", 3)).toBe(3);
    // `approx.` is an abbreviation: only two sentences.
    expect(countSentences("Returns approximately. Approx. Whatever happens. Done", 3)).toBe(countEveryEnd("Returns approximately. Approx. Whatever happens. Done", 3));
    expect(countSentences("Summarizes records. Returns whatever.", 3)).toBe(2);
  });
});
