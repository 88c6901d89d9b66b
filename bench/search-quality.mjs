/**
 * Issue 41: does the generated search (src/search/index.ts's index, src/runtime/search.ts's scorer) beat
 * plain BM25 over each tool's name and description? Both rank the 213 tools of public MCP servers in
 * bench/search-cases/public-tools.json for the dev and held-out requests beside it (bench/search-cases/README.md
 * says how they were made; the held-out set is evaluated, never tuned on). Recall@k: an expected tool among
 * the first k; MRR: the mean of 1/rank of the first expected tool. `node bench/search.mjs --quality` prints it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The public servers' tools as the search indexes them, in name order (as a build orders them). */
export function publicTools() {
  const { servers } = JSON.parse(readFileSync(path.join(here, "search-cases", "public-tools.json"), "utf8"));
  return servers
    .flatMap((s) => s.tools.map((t) => ({ name: `${s.prefix}__${t.name}`, description: t.description, bundledSchema: t.input_schema })))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The cases of a JSONL file (`//` lines are comments). */
export function readCases(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("//"))
    .map((l) => JSON.parse(l))
    .map((c) => ({ request: c.request, expected: [c.expected].flat() }));
}

// BM25 (k1 1.2, b 0.75) over "name description": lower-case words (camelCase, snake_case and kebab-case split),
// English stop words out, no stemming and no synonyms: what a plain BM25 library does with that text.
const STOP = new Set("a an and any are as at be by can could do for from i in into is it its me my of on or our please that the their them then there these this those to up us we what when which with you your".split(" "));
const words = (text) => text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "" && !STOP.has(w));

/** A ranker by plain BM25 over each tool's name and description. */
export function bm25(tools, k1 = 1.2, b = 0.75) {
  const docs = tools.map((t) => {
    const tf = new Map();
    for (const w of words(`${t.name} ${t.description ?? ""}`)) tf.set(w, (tf.get(w) ?? 0) + 1);
    return { tf, length: [...tf.values()].reduce((x, y) => x + y, 0) };
  });
  const average = docs.reduce((s, d) => s + d.length, 0) / docs.length;
  const df = new Map();
  for (const d of docs) for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w) => Math.log(1 + (docs.length - (df.get(w) ?? 0) + 0.5) / ((df.get(w) ?? 0) + 0.5));
  return (query) => {
    const terms = [...new Set(words(query))];
    return docs
      .map((d, i) => {
        let score = 0;
        for (const w of terms) {
          const f = d.tf.get(w) ?? 0;
          if (f > 0) score += (idf(w) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.length) / average));
        }
        return { name: tools[i].name, score, i };
      })
      .filter((h) => h.score > 0)
      .sort((x, y) => y.score - x.score || x.i - y.i)
      .map((h) => h.name);
  };
}

/** Recall@1, @3, @5 and MRR of `rank` (query -> names, best first) over `cases`, with the cases missed at 1. */
export function measure(rank, cases) {
  const ranks = cases.map((c) => {
    const at = rank(c.request).findIndex((n) => c.expected.includes(n));
    return at < 0 ? null : at + 1;
  });
  const recall = (k) => ranks.filter((r) => r !== null && r <= k).length / cases.length;
  const mrr = ranks.reduce((s, r) => s + (r === null ? 0 : 1 / r), 0) / cases.length;
  return { "recall@1": recall(1), "recall@3": recall(3), "recall@5": recall(5), mrr, ranks };
}

export const CASE_FILES = { dev: path.join(here, "search-cases", "dev.jsonl"), heldout: path.join(here, "search-cases", "heldout.jsonl") };
