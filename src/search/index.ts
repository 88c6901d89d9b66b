/**
 * The tool search's index, built at build time: BM25F over each tool's name, description, parameter
 * names and descriptions, and tags (weighted fields: a word in the name counts more than one in a
 * parameter's description), precomputed as term -> (tool, weight) postings so the generated folder's
 * scorer (src/runtime/search.ts, which also tokenizes) only adds numbers. Deterministic: tools in name
 * order, terms sorted, weights rounded to 4 digits.
 */
import { tokenize } from "../runtime/search.js";
import type { SearchIndex } from "../runtime/search.js";
import type { JsonObject } from "../model.js";

export type { SearchIndex } from "../runtime/search.js";

/** What the index reads of a tool. */
export interface IndexedTool {
  name: string;
  description?: string;
  bundledSchema: JsonObject;
  tags?: readonly string[];
}

/** Field weights (BM25F): the name and tags say most about what a tool is for. */
export const FIELD_WEIGHTS = { name: 3, tags: 2, parameterNames: 1.5, description: 1, parameterDescriptions: 0.5 } as const;
/** BM25's saturation and length normalisation (the usual values). */
export const K1 = 1.2;
export const B = 0.75;

function parameterFields(schema: JsonObject): { names: string[]; descriptions: string[] } {
  const names: string[] = [];
  const descriptions: string[] = [];
  const properties = schema["properties"];
  if (properties !== null && typeof properties === "object" && !Array.isArray(properties)) {
    for (const [key, value] of Object.entries(properties)) {
      names.push(key);
      if (value !== null && typeof value === "object" && !Array.isArray(value) && typeof value["description"] === "string") descriptions.push(value["description"]);
    }
  }
  return { names, descriptions };
}

/** Term -> weighted frequency for one tool. */
function fieldFrequencies(tool: IndexedTool): Map<string, number> {
  const tf = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of tokenize(text)) tf.set(term, (tf.get(term) ?? 0) + weight);
  };
  const params = parameterFields(tool.bundledSchema);
  add(tool.name, FIELD_WEIGHTS.name);
  for (const tag of tool.tags ?? []) add(tag, FIELD_WEIGHTS.tags);
  for (const name of params.names) add(name, FIELD_WEIGHTS.parameterNames);
  add(tool.description ?? "", FIELD_WEIGHTS.description);
  for (const d of params.descriptions) add(d, FIELD_WEIGHTS.parameterDescriptions);
  return tf;
}

/** The index of `tools` (in the order given: the build's name order), with each toolset's members by name. */
export function buildSearchIndex(tools: readonly IndexedTool[], toolsets: readonly { name: string; tools: readonly string[] }[] = []): SearchIndex {
  const docs = tools.map(fieldFrequencies);
  const lengths = docs.map((tf) => [...tf.values()].reduce((a, b) => a + b, 0));
  const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const df = new Map<string, number>();
  for (const tf of docs) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = tools.length;
  const idf = new Map([...df].map(([term, count]) => [term, Math.log(1 + (n - count + 0.5) / (count + 0.5))]));
  // One pass over the documents (in order, so each list is by document number), then the terms sorted.
  const lists = new Map<string, number[]>();
  docs.forEach((tf, doc) => {
    const norm = K1 * (1 - B + (B * lengths[doc]!) / (average || 1));
    for (const [term, f] of tf) {
      let list = lists.get(term);
      if (list === undefined) lists.set(term, (list = []));
      list.push(doc, Math.round(((idf.get(term)! * (f * (K1 + 1))) / (f + norm)) * 10_000) / 10_000);
    }
  });
  const postings: Record<string, number[]> = {};
  for (const term of [...lists.keys()].sort()) postings[term] = lists.get(term)!;
  const position = new Map(tools.map((t, i) => [t.name, i]));
  const sets: Record<string, number[]> = {};
  for (const set of toolsets) sets[set.name] = set.tools.map((name) => position.get(name)).filter((i): i is number => i !== undefined);
  return { tools: tools.map((t) => t.name), postings, toolsets: sets };
}
