/**
 * The config keys of issue 28: `toolsets` (named subsets of the folder, by name, glob or tag),
 * `clients` (the clients whose tool caps the toolsets are checked against) and `deferLoading` (a
 * token budget for what is loaded up front). Each is a setting (src/setting.ts): checked here
 * with the config file in its messages, part of the cache key, read by the outputs through ctx.setting.
 */
import { UsageError } from "../errors.js";
import { defineSetting } from "../setting.js";
import { CLIENT_CAPS, CLIENT_IDS, type ClientId } from "./facts.js";

/** One toolset as the config gives it: tool names and globs (`orders_*`), and tags; a tool matching either is in it. */
export interface ToolsetSpec {
  name: string;
  /** Tool names, and globs with `*` (any run of characters) and `?` (one character). */
  tools: readonly string[];
  tags: readonly string[];
  /** Where it was given (the config file, as messages name it). */
  where: string;
}

/** The deferLoading config: what may load up front, in estimated tokens, and the tools never deferred. */
export interface DeferLoadingSpec {
  budgetTokens: number;
  alwaysLoad: readonly string[];
  /** Where it was given (the config file, as messages name it). */
  where: string;
}

/** A toolset's name: also its file name (toolsets/<name>.ts) and a `toolset` option of searchTools. */
export const TOOLSET_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function stringList(value: unknown, where: string, key: string): string[] {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string" && v !== "")) {
    throw new UsageError(`${where}: ${key} must be an array of non-empty strings`);
  }
  return value;
}

/** A value parsed before (the config file's, handed on to build()): kept, with the file its messages name. */
const isParsedToolsets = (value: unknown): value is ToolsetSpec[] =>
  Array.isArray(value) && value.every((v) => isRecord(v) && typeof v.name === "string" && typeof v.where === "string" && Array.isArray(v.tools) && Array.isArray(v.tags));

export function parseToolsets(value: unknown, where: string): ToolsetSpec[] {
  if (isParsedToolsets(value)) return value.map((v) => parseToolsets({ [v.name]: { tools: v.tools, tags: v.tags } }, v.where)[0]!);
  if (!isRecord(value)) throw new UsageError(`${where}: 'toolsets' must be an object of toolset name -> tool names, globs or { "tools": [...], "tags": [...] }`);
  const out: ToolsetSpec[] = [];
  for (const [name, entry] of Object.entries(value)) {
    const key = `'toolsets.${name}'`;
    if (!TOOLSET_NAME.test(name)) throw new UsageError(`${where}: toolset name '${name.slice(0, 64)}' must be lower-case letters, digits, _ and - (starting with a letter, at most 64): it names a file`);
    let spec: ToolsetSpec;
    if (Array.isArray(entry)) spec = { name, tools: stringList(entry, where, key), tags: [], where };
    else if (isRecord(entry)) {
      const extra = Object.keys(entry).find((k) => k !== "tools" && k !== "tags");
      if (extra !== undefined) throw new UsageError(`${where}: ${key} has an unknown key '${extra.slice(0, 40)}' (known: tools, tags)`);
      spec = { name, tools: entry.tools === undefined ? [] : stringList(entry.tools, where, `${key}.tools`), tags: entry.tags === undefined ? [] : stringList(entry.tags, where, `${key}.tags`), where };
    } else throw new UsageError(`${where}: ${key} must be an array of tool names and globs, or { "tools": [...], "tags": [...] }`);
    if (spec.tools.length === 0 && spec.tags.length === 0) throw new UsageError(`${where}: ${key} is empty: name at least one tool, glob or tag`);
    out.push(spec);
  }
  return out;
}

export const toolsets = defineSetting<readonly ToolsetSpec[], "toolsets">({
  key: "toolsets",
  describe: 'named subsets of the tools, by name, glob or tag, e.g. {"support": ["orders_*", "refund"], "admin": {"tags": ["admin"]}}: each gets toolsets/<name>.ts (its tools arrays, dispatcher and types) [default: none]',
  default: [],
  parse: parseToolsets,
});

export const clients = defineSetting<readonly ClientId[], "clients">({
  key: "clients",
  describe: `the clients the tools are loaded into (${CLIENT_IDS.join(", ")}): each toolset, and the whole folder, is checked against their tool caps [default: none]`,
  default: [],
  parse: (value, where) => {
    const list = stringList(value, where, "'clients'");
    for (const id of list) {
      if (!Object.hasOwn(CLIENT_CAPS, id)) throw new UsageError(`${where}: unknown client '${id.slice(0, 40)}' in "clients" (clients: ${CLIENT_IDS.join(", ")})`);
    }
    return list as ClientId[];
  },
});

export const deferLoading = defineSetting<DeferLoadingSpec | null, "deferLoading">({
  key: "deferLoading",
  describe: 'mark tools defer_loading so the tools loaded up front fit a token budget (offline estimate), e.g. {"budgetTokens": 8000, "alwaysLoad": ["search_docs"]} [default: off]',
  default: null,
  parse: (value, where) => {
    if (!isRecord(value)) throw new UsageError(`${where}: 'deferLoading' must be an object { "budgetTokens": N, "alwaysLoad": [...] }`);
    // A value parsed before (the config file's, handed on to build()) carries the file its messages name.
    if (typeof value.where === "string") where = value.where;
    const extra = Object.keys(value).find((k) => k !== "budgetTokens" && k !== "alwaysLoad" && k !== "where");
    if (extra !== undefined) throw new UsageError(`${where}: 'deferLoading' has an unknown key '${extra.slice(0, 40)}' (known: budgetTokens, alwaysLoad)`);
    const budget = value.budgetTokens;
    if (typeof budget !== "number" || !Number.isInteger(budget) || budget < 1) throw new UsageError(`${where}: 'deferLoading.budgetTokens' must be a positive integer (estimated tokens)`);
    return { budgetTokens: budget, alwaysLoad: value.alwaysLoad === undefined ? [] : stringList(value.alwaysLoad, where, "'deferLoading.alwaysLoad'"), where };
  },
});
