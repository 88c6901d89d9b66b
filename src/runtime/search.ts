// The generated tool search's scorer: BM25F over an index precomputed at build time (search-index in
// the generated folder; src/search/ builds it). A query is tokenized and stemmed the same way as the index
// was, expanded with a small table of synonyms (SYNONYMS below, and the config's `searchSynonyms`, which the
// index carries), and each tool's score is the sum of its precomputed weights for the query's terms, times
// the share of the query's words it matches. Dependency-free; deterministic (ties go to the tool first in
// name order). Imports nothing.

/** The index as the build writes it. */
export interface SearchIndex {
  /** Tool names, in name order; a posting's document number indexes this list. */
  tools: readonly string[];
  /** Term -> flat [document, weight, document, weight, ...], weights already BM25F (idf times saturated tf). */
  postings: { readonly [term: string]: readonly number[] };
  /** Toolset name -> its tools' document numbers. */
  toolsets: { readonly [name: string]: readonly number[] };
  /** The config's `searchSynonyms`: groups of words or phrases that mean the same, added to SYNONYMS. */
  synonyms?: readonly (readonly string[])[];
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

/** A synonym's weight against the query's own words (1). */
const SYNONYM_WEIGHT = 0.5;
/** How much the share of the query's words a tool matches counts (its power; 0 would ignore it). */
const COVERAGE = 1;

const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an and any are as at be by can could do for from give i in into is it its me my of on or our please that " +
    "the their them then there these this those to up us we what when which with you your"
  ).split(" "),
);

/**
 * Words and phrases a request uses for what a tool's text says otherwise, each group matched both ways: a
 * query holding every word of one entry also looks for the other entries (at half weight). Small on purpose:
 * common request verbs and the objects tools share across services. A build adds the config's
 * `searchSynonyms` groups (docs/many-tools.md).
 */
export const SYNONYMS: readonly (readonly string[])[] = [
  ["get", "fetch", "show", "look", "retrieve", "read", "detail", "view", "pull"],
  ["list", "all", "browse", "enumerate"],
  ["create", "add", "new", "make", "open", "set"],
  ["update", "change", "edit", "modify", "fix", "set"],
  ["delete", "remove", "erase", "trash", "destroy", "rid", "drop"],
  ["search", "find", "hunt", "query", "look"],
  ["archive", "hide", "shelve"],
  ["export", "download", "dump", "csv", "spreadsheet"],
  ["count", "many", "tally", "number", "total"],
  ["assign", "hand", "route", "delegate", "give"],
  ["run", "execute", "start"],
  ["done", "complete", "finish", "close"],
  ["navigate", "go to", "visit", "open page"],
  ["hover", "mouse over"],
  ["issue", "bug", "ticket"],
  ["pull request", "pr"],
  ["merge request", "mr"],
  ["repository", "repo"],
  ["directory", "folder"],
  ["record", "row"],
  ["field", "column"],
  ["comment", "note"],
  ["label", "tag"],
  ["user", "people", "member"],
  ["image", "picture", "photo"],
  ["color", "colour"],
  ["config", "configuration", "setting"],
  ["process", "program"],
  ["terminal", "shell", "command line"],
  ["database", "sql", "db"],
  ["memory", "remember", "knowledge graph"],
  ["web", "internet", "online"],
  ["local", "near", "nearby", "nearest"],
  ["travel", "drive", "commute"],
  ["time", "duration", "how long"],
  ["coordinates", "latitude longitude", "geocode"],
  ["elevation", "altitude", "height above sea level"],
  ["more", "next page"],
];

/** The tokens of each entry of each group, stemmed, per table (the default's and an index's own). */
const tables = new WeakMap<object, readonly (readonly (readonly string[])[])[]>();

function tokenizedGroups(index: SearchIndex | undefined): readonly (readonly (readonly string[])[])[] {
  const key = index?.synonyms ?? SYNONYMS;
  let groups = tables.get(key);
  if (groups === undefined) {
    const all = index?.synonyms === undefined ? SYNONYMS : [...SYNONYMS, ...index.synonyms];
    groups = all.map((group) => group.map((entry) => tokenize(String(entry))).filter((tokens) => tokens.length > 0));
    tables.set(key, groups);
  }
  return groups;
}

/**
 * A light English stem, the same for a word's forms: plural, -ing and -ed endings off, then a final e or a
 * doubled consonant, and y as i ("creates", "created", "creating" and "create" meet at "creat"; "entities"
 * and "entity" at "entiti"; "running" and "run" at "run").
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(sses|xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 2 && w.endsWith("y")) w = `${w.slice(0, -1)}i`;
  return w;
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

/** A query term: its weight (the query's own words 1, their synonyms 0.5) and the query's word it stands for. */
interface QueryTerm {
  weight: number;
  word: number;
}

function expand(
  query: string,
  synonyms: boolean,
  index?: SearchIndex,
): { terms: Map<string, QueryTerm>; words: number } {
  const own = [...new Set(tokenize(query))];
  const terms = new Map<string, QueryTerm>(own.map((t, i) => [t, { weight: 1, word: i }]));
  if (!synonyms) return { terms, words: own.length };
  const present = new Set(own);
  for (const group of tokenizedGroups(index)) {
    const hit = group.find((entry) => entry.every((t) => present.has(t)));
    if (hit === undefined) continue;
    const word = terms.get(hit[0]!)!.word;
    for (const entry of group)
      for (const t of entry) if (!terms.has(t)) terms.set(t, { weight: SYNONYM_WEIGHT, word });
  }
  return { terms, words: own.length };
}

/** Query term -> its weight: the query's own words 1, their synonyms 0.5 (a word both ways keeps 1). */
export function queryTerms(query: string, synonyms = true, index?: SearchIndex): Map<string, number> {
  return new Map([...expand(query, synonyms, index).terms].map(([t, q]) => [t, q.weight]));
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
  const matched = new Map<number, Set<number>>();
  const { terms, words } = expand(String(query), options.synonyms !== false, index);
  for (const [term, { weight, word }] of terms) {
    const list = Object.hasOwn(index.postings, term) ? index.postings[term]! : undefined;
    if (list === undefined) continue;
    for (let i = 0; i < list.length; i += 2) {
      const doc = list[i]!;
      if (allowed !== undefined && !allowed.has(doc)) continue;
      scores.set(doc, (scores.get(doc) ?? 0) + weight * list[i + 1]!);
      let hit = matched.get(doc);
      if (hit === undefined) matched.set(doc, (hit = new Set()));
      hit.add(word);
    }
  }
  // A tool that answers more of the query's words ranks above one that answers one word often.
  for (const [doc, score] of scores) scores.set(doc, score * (matched.get(doc)!.size / Math.max(1, words)) ** COVERAGE);
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
