/**
 * The search feature: search.ts, a tool search over the folder (BM25F, its index built at build time),
 * its one output (./output.ts, opt-in) and its setting `searchSynonyms` (src/search/settings.ts). It reads the toolsets feature's `toolsets` setting (a search
 * can be limited to a toolset). The index, the generated module's text and the eval's metrics stay in
 * src/search/, a layer below the targets and the diff, which `toolgen eval` and `toolgen diff` share.
 */
import { defineFeature } from "../feature.js";
import searchOutput from "./output.js";
import { searchSynonyms } from "../../search/settings.js";

export default defineFeature({
  id: "search",
  title: "Tool search",
  settings: [searchSynonyms],
  outputs: [searchOutput],
});
