/**
 * The `serverTools` setting: the Anthropic server tools (web_search, bash, tool_search_tool_bm25, ...) the
 * app's requests add beside the folder's tools (default none). It turns on the rule
 * `anthropic/server-tool-name-conflict` for those names, as one option per name (rule options are numbers).
 */
import { UsageError } from "../../errors.js";
import { closest } from "../../lint/nearest.js";
import { defineSetting } from "../../outputs/output.js";
import { isPlainObject } from "../../schema/pointer.js";
import { anthropic } from "./facts.js";

export const SERVER_TOOL_RULE = "anthropic/server-tool-name-conflict";

export const serverTools = defineSetting({
  key: "serverTools",
  describe: `the Anthropic server tools your requests add beside the folder's tools, by name (${anthropic.serverToolNames.join(", ")}); a folder tool of the same name is an error [default: none]`,
  default: [] as readonly string[],
  parse: (value, where): readonly string[] => {
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw new UsageError(`${where}: 'serverTools' must be a list of server tool names, e.g. ["web_search"]`);
    const known: readonly string[] = anthropic.serverToolNames;
    for (const name of value as string[]) {
      if (known.includes(name)) continue;
      const near = closest(name, anthropic.serverToolNames);
      throw new UsageError(`${where}: 'serverTools': '${name}' is not a server tool's name${near === undefined ? "" : ` (did you mean '${near}'?)`}; they are ${anthropic.serverToolNames.join(", ")}`);
    }
    return [...new Set(value as string[])].sort();
  },
  rules: (names, rules) => {
    const given = rules[SERVER_TOOL_RULE];
    if (names.length === 0 || given === "off") return rules;
    const severity = Array.isArray(given) && typeof given[0] === "string" ? given[0] : typeof given === "string" ? given : "error";
    const options: unknown = Array.isArray(given) ? given[1] : undefined;
    return { ...rules, [SERVER_TOOL_RULE]: [severity, { ...(isPlainObject(options) ? options : {}), ...Object.fromEntries(names.map((n) => [n, 1])) }] };
  },
});
