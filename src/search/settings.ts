/**
 * The search feature's setting `searchSynonyms`: groups of words or phrases that mean the same in the
 * user's domain (`[["sku", "product code"], ["altitude", "elevation"]]`), added to the scorer's own table
 * (src/runtime/search.ts SYNONYMS) and carried in the generated index. Declared here, below the targets,
 * as the toolsets settings are: the MCP server's search_tools index has them too.
 */
import { UsageError } from "../errors.js";
import { defineSetting } from "../setting.js";

export const searchSynonyms = defineSetting({
  key: "searchSynonyms",
  describe:
    "groups of words or phrases the tool search treats as one, added to its own table, e.g. " +
    '[["sku", "product code"]] (docs/many-tools.md) [default: none]',
  default: [] as readonly (readonly string[])[],
  parse: (value, where): readonly (readonly string[])[] => {
    const groups = Array.isArray(value) ? value : undefined;
    const bad = groups?.findIndex(
      (g) => !Array.isArray(g) || g.length < 2 || !g.every((w) => typeof w === "string" && /[a-z0-9]/i.test(w)),
    );
    if (groups === undefined || bad !== -1) {
      const at = groups === undefined ? "" : ` (group ${bad! + 1})`;
      throw new UsageError(`${where}: 'searchSynonyms' must be an array of groups, each an array of two or more words or phrases${at}`);
    }
    return (groups as string[][]).map((g) => g.map((w) => w.trim()));
  },
});
