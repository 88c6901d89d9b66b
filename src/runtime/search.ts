// The generated tool search's scorer: BM25F over an index precomputed at build time (search-index in
// the generated folder; src/search/ builds it). A query is tokenized the same way as the index was,
// expanded with a short list of synonyms of common request words (get/show, delete/remove, ...),
// and each tool's score is the sum of its precomputed weights for the query's terms. Dependency-free;
// deterministic (ties go to the tool first in name order). Imports nothing.

/** The index as the build writes it. */
export interface SearchIndex {
  /** Tool names, in name order; a posting's document number indexes this list. */
  tools: readonly string[];
  /** Term -> flat [document, weight, document, weight, ...], weights already BM25F (idf times saturated tf). */
  postings: { readonly [term: string]: readonly number[] };
  /** Toolset name -> its tools' document numbers. */
  toolsets: { readonly [name: string]: readonly number[] };
}

export interface SearchOptions {
  /** How many tools to return at most (default 5). */
  k?: number;
  /** Only this toolset's tools. */
  toolset?: string;
}

export interface SearchHit {
  name: string;
  score: number;
}

const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an and any are as at be by can could do for from give i in into is it its me my of on or our please that " +
    "the their them then there these this those to up us we what when which with you your"
  ).split(" "),
);

/**
 * Words requests use for what descriptions say otherwise, both ways (a small fixed list: offline and deterministic).
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ["get", "fetch", "show", "look", "retrieve", "read", "detail", "view", "pull"],
  ["list", "all", "browse", "enumerate"],
  ["create", "add", "new", "make", "open", "set"],
  ["update", "change", "edit", "modify", "fix", "set"],
  ["delete", "remove", "erase", "trash", "destroy", "rid"],
  ["search", "find", "hunt", "query", "look"],
  ["archive", "hide", "shelve"],
  ["export", "download", "dump", "csv", "spreadsheet"],
  ["count", "many", "tally", "number", "total"],
  ["assign", "hand", "route", "delegate", "give"],
];

const SYNONYM_OF: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const group of SYNONYMS)
    for (const word of group) map.set(word, [...(map.get(word) ?? []), ...group.filter((w) => w !== word)]);
  return map;
})();

/** A crude stem: plural and -ing/-ed endings off, so "invoices", "invoiced" and "invoice" meet. */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  return word;
}

/** Lower-case words of `text` (camelCase and snake_case split, stop words out), stemmed. */
export function tokenize(text: string): string[] {
  const spaced = text.slice(0, 10_000).replace(/([a-z0-9])([A-Z])/g, "$1 $2");
  const out: string[] = [];
  for (const word of spaced.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word === "" || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** Query term -> its weight: the query's own words 1, their synonyms 0.5 (a word both ways keeps 1). */
export function queryTerms(query: string, synonyms = true): Map<string, number> {
  const terms = new Map<string, number>();
  for (const word of tokenize(query)) {
    terms.set(word, 1);
    if (!synonyms) continue;
    for (const other of SYNONYM_OF.get(word) ?? []) {
      const s = stem(other);
      if (!terms.has(s)) terms.set(s, 0.5);
    }
  }
  return terms;
}

/** The `k` best tools for `query`, best first; tools that share no term with it are left out. */
export function search(
  index: SearchIndex,
  query: string,
  options: SearchOptions & { synonyms?: boolean } = {},
): SearchHit[] {
  const k = Math.max(0, Math.floor(options.k ?? 5));
  let allowed: ReadonlySet<number> | undefined;
  if (options.toolset !== undefined) {
    const members = Object.hasOwn(index.toolsets, options.toolset) ? index.toolsets[options.toolset] : undefined;
    if (members === undefined)
      throw new RangeError(
        `no toolset '${String(options.toolset).slice(0, 64)}' ` +
          `(toolsets: ${Object.keys(index.toolsets).join(", ") || "none"})`,
      );
    allowed = new Set(members);
  }
  const scores = new Map<number, number>();
  for (const [term, weight] of queryTerms(String(query), options.synonyms !== false)) {
    const list = Object.hasOwn(index.postings, term) ? index.postings[term]! : undefined;
    if (list === undefined) continue;
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i]!;
      if (allowed !== undefined && !allowed.has(doc)) continue;
      scores.set(doc, (scores.get(doc) ?? 0) + weight * list[i + 1]!);
    }
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, k)
    .map(([doc, score]) => ({ name: index.tools[doc]!, score: Math.round(score * 1000) / 1000 }));
}

/** The tool Claude calls to search (Anthropic's custom tool search: its result is tool_reference blocks). */
export const TOOL_SEARCH_NAME = "tool_search";
export const TOOL_SEARCH_DESCRIPTION =
  "Searches the available tools by what they do. Call it with a few words describing the action and the object " +
  '(e.g. "refund an order"); the matching tools become available to call.';
export const TOOL_SEARCH_SCHEMA: {
  type: "object";
  properties: { [key: string]: unknown };
  required: string[];
  additionalProperties: boolean;
} = {
  type: "object",
  properties: {
    query: { type: "string", description: "What the tool should do, in a few words." },
    limit: { type: "integer", minimum: 1, maximum: 20, description: "How many tools to load at most (default 5)." },
  },
  required: ["query"],
  additionalProperties: false,
};

/** A `tool_reference` block (@anthropic-ai/sdk 1.14 `ToolReferenceBlockParam`): loads a deferred tool by name. */
export interface ToolReferenceBlock {
  type: "tool_reference";
  tool_name: string;
}

/**
 * The tool_result answering a tool_search call: a tool_reference block per hit, or text when none (is_error for a bad
 * input).
 */
export interface ToolSearchResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: ToolReferenceBlock[] | string;
  is_error?: boolean;
}

/** The query and limit of a tool_search call's input, or a message saying what is wrong with it. */
export function readSearchInput(input: unknown): { query: string; k: number } | string {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return 'the input must be an object with a "query" string';
  const record = input as { readonly [key: string]: unknown };
  const query = record["query"];
  if (typeof query !== "string" || query.trim() === "") return '"query" must be a non-empty string';
  const limit = record["limit"];
  if (limit !== undefined && (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > 20))
    return '"limit" must be an integer from 1 to 20';
  return { query, k: typeof limit === "number" ? limit : 5 };
}

/** Answers a tool_search tool_use with tool_reference blocks for the best matches. Never throws. */
export function answerToolSearch(
  index: SearchIndex,
  toolUse: { id: string; input: unknown },
  options: SearchOptions = {},
): ToolSearchResultBlock {
  const read = readSearchInput(toolUse.input);
  if (typeof read === "string")
    return { type: "tool_result", tool_use_id: toolUse.id, content: `Error: ${read}`, is_error: true };
  const hits = search(index, read.query, { ...options, k: read.k });
  if (hits.length === 0)
    return {
      type: "tool_result",
      tool_use_id: toolUse.id,
      content: `No tool matches "${read.query.slice(0, 200)}"; try other words.`,
    };
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content: hits.map((h) => ({ type: "tool_reference", tool_name: h.name })),
  };
}
