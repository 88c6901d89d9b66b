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
export const FIELD_WEIGHTS = { name: 3, tags: 2, parameterNames: 0.5, description: 1, parameterDescriptions: 0.1 } as const;
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

type Field = keyof typeof FIELD_WEIGHTS;

/** Each field's words of one tool. */
function fieldTerms(tool: IndexedTool): Record<Field, string[]> {
  const params = parameterFields(tool.bundledSchema);
  return {
    name: tokenize(tool.name),
    tags: (tool.tags ?? []).flatMap(tokenize),
    parameterNames: params.names.flatMap(tokenize),
    description: tokenize(tool.description ?? ""),
    parameterDescriptions: params.descriptions.flatMap(tokenize),
  };
}

/**
 * The index of `tools` (in the order given: the build's name order), with each toolset's members by name, and
 * the config's synonym groups (`searchSynonyms`) when it has some. BM25F: a term's frequency in each field is
 * weighted and normalised by that field's length against its average over the tools, then saturated once.
 */
export function buildSearchIndex(
  tools: readonly IndexedTool[],
  toolsets: readonly { name: string; tools: readonly string[] }[] = [],
  options: { synonyms?: readonly (readonly string[])[] } = {},
): SearchIndex {
  const fields = Object.keys(FIELD_WEIGHTS) as Field[];
  const docs = tools.map(fieldTerms);
  const average = Object.fromEntries(
    fields.map((f) => [f, docs.reduce((sum, d) => sum + d[f].length, 0) / Math.max(1, docs.length) || 1]),
  ) as Record<Field, number>;
  const frequencies = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const f of fields) {
      const norm = 1 - B + (B * d[f].length) / average[f];
      for (const term of d[f]) tf.set(term, (tf.get(term) ?? 0) + FIELD_WEIGHTS[f] / norm);
    }
    return tf;
  });
  const df = new Map<string, number>();
  for (const tf of frequencies) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = tools.length;
  const idf = new Map([...df].map(([term, count]) => [term, Math.log(1 + (n - count + 0.5) / (count + 0.5))]));
  // One pass over the documents (in order, so each list is by document number), then the terms sorted.
  const lists = new Map<string, number[]>();
  frequencies.forEach((tf, doc) => {
    for (const [term, f] of tf) {
      let list = lists.get(term);
      if (list === undefined) lists.set(term, (list = []));
      list.push(doc, Math.round(((idf.get(term)! * (f * (K1 + 1))) / (f + K1)) * 10_000) / 10_000);
    }
  });
  const postings: Record<string, number[]> = {};
  for (const term of [...lists.keys()].sort()) postings[term] = lists.get(term)!;
  const position = new Map(tools.map((t, i) => [t.name, i]));
  const sets: Record<string, number[]> = {};
  for (const set of toolsets) sets[set.name] = set.tools.map((name) => position.get(name)).filter((i): i is number => i !== undefined);
  const synonyms = options.synonyms ?? [];
  return { tools: tools.map((t) => t.name), postings, toolsets: sets, ...(synonyms.length > 0 ? { synonyms } : {}) };
}
