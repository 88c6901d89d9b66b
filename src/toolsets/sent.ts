/**
 * The `tools` array a request sends, for the folder and for each toolset, as the config says: the
 * entries of tools.json (the deferLoading plan applied), or, when the config builds the `search`
 * output, the generated search's `toolsWithSearch` (the `tool_search` tool, then the tools deferred:
 * those the budget's plan defers, else all). `toolgen eval --model` sends them, and `toolgen diff
 * --eval-replay` checks a recording against each side's.
 */
import { toolDefinition } from "../load/tool-definition.js";
import type { BundledTool, JsonObject } from "../model.js";
import { TOOL_SEARCH_DESCRIPTION, TOOL_SEARCH_NAME, TOOL_SEARCH_SCHEMA } from "../runtime/search.js";
import { withDeferral } from "./index.js";
import type { ResolvedToolset } from "./resolve.js";

/** The config keys that decide what is sent. */
export interface SentSettings {
  outputs?: readonly string[];
  deferLoading?: unknown;
  /** The search feature's `searchSynonyms`: the generated search's index has them, so an eval's does too. */
  searchSynonyms?: readonly (readonly string[])[];
}

/** The `tools` of each toolset's requests ("" is the folder's), and whether they carry the tool search. */
export function toolsSent(settings: SentSettings, tools: readonly BundledTool[], sets: readonly ResolvedToolset[]): { sets: Map<string, JsonObject[]>; search: boolean } {
  const search = settings.outputs?.includes("search") === true;
  const entries = withDeferral(tools, settings).map(toolDefinition);
  const sent = (list: JsonObject[]): JsonObject[] => {
    if (!search) return list;
    const deferred = list.some((t) => t.defer_loading === true) ? list : list.map((t) => ({ ...t, defer_loading: true }));
    return [{ name: TOOL_SEARCH_NAME, description: TOOL_SEARCH_DESCRIPTION, input_schema: TOOL_SEARCH_SCHEMA as unknown as JsonObject }, ...deferred];
  };
  const out = new Map<string, JsonObject[]>([["", sent(entries)]]);
  for (const set of sets) out.set(set.name, sent(entries.filter((t) => set.tools.includes(String(t.name)))));
  return { sets: out, search };
}
