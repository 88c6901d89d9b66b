/**
 * Issue 41, a better search: BM25F with each field normalised by its own length, a stemmer under which a word's
 * forms meet, a synonym table (altitude/elevation among it) that the config's `searchSynonyms` extends and the
 * generated index carries, and the figures of bench/RESULTS.md: on the held-out requests over public MCP
 * servers' tools (bench/search-cases/), the search beats plain BM25 over name and description at recall@1, @3
 * and @5.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bm25, CASE_FILES, measure, publicTools, readCases } from "../../bench/search-quality.mjs";
import { searchSynonyms } from "../../src/search/settings.js";
import { emitSearch } from "../../src/search/emit.js";
import { buildSearchIndex, type IndexedTool } from "../../src/search/index.js";
import { search, stem, type SearchIndex } from "../../src/runtime/search.js";
import { repoRoot } from "../helpers.js";

const tool = (name: string, description: string, properties: Record<string, { description?: string }> = {}): IndexedTool => ({
  name,
  description,
  bundledSchema: { type: "object", properties },
});

describe("the search's ranking (issue 41)", () => {
  it("stems a word's forms to one term", () => {
    for (const group of [["create", "creates", "created", "creating"], ["entity", "entities"], ["run", "running", "runs"], ["name", "named", "names"]]) {
      expect(new Set(group.map(stem)), group.join(", ")).toHaveProperty("size", 1);
    }
  });

  it("weights the name over a parameter's description, each field normalised by its own length", () => {
    const index = buildSearchIndex([
      tool("archive_note", "Moves a note out of the list.", { id: { description: "The invoice it belongs to, an invoice of the shop." } }),
      tool("get_invoice", "Returns one record."),
    ]);
    expect(search(index, "invoice").map((h) => h.name)).toEqual(["get_invoice", "archive_note"]);
  });

  it("finds the elevation tool for altitude, and a config's synonyms reach the index and the generated module", () => {
    const tools = [tool("maps_elevation", "Get elevation data for locations on the earth"), tool("catalog_lookup", "Looks a product up by its product code")];
    expect(search(buildSearchIndex(tools), "what is the altitude of Denver")[0]?.name).toBe("maps_elevation");
    const plain = buildSearchIndex(tools);
    expect(search(plain, "sku 4471")).toEqual([]);
    const synonyms = searchSynonyms.parse([["sku", "product code"]], "toolgen.config.json");
    const index = buildSearchIndex(tools, [], { synonyms });
    expect(index.synonyms).toEqual([["sku", "product code"]]);
    expect(search(index, "sku 4471").map((h) => h.name)).toEqual(["catalog_lookup"]);
    const file = emitSearch(index, { openai: false }).contents;
    const literal = file.slice(file.indexOf("JSON.parse([") + "JSON.parse(".length, file.indexOf('].join("")') + 1);
    expect(JSON.parse((JSON.parse(literal.replace(/,\s*\]$/, "]")) as string[]).join("")) as SearchIndex).toEqual(index);
    expect(emitSearch(plain, { openai: false }).contents).not.toContain("synonyms");
  });

  it("rejects a searchSynonyms that is not groups of two or more words", () => {
    for (const bad of ["sku", [["sku"]], [["sku", 3]], [["sku", " "]]]) {
      expect(() => searchSynonyms.parse(bad, "toolgen.config.json")).toThrow(/toolgen\.config\.json: 'searchSynonyms' must be an array of groups/);
    }
  });

  it("beats BM25 over name and description at recall@1, @3 and @5 on the held-out set, as bench/RESULTS.md states", async () => {
    const folder = publicTools();
    const index = buildSearchIndex(folder);
    const ours = measure((q: string) => search(index, q, { k: folder.length }).map((h) => h.name), readCases(CASE_FILES.heldout));
    const plain = measure(bm25(folder), readCases(CASE_FILES.heldout));
    for (const k of ["recall@1", "recall@3", "recall@5"] as const) expect(ours[k], k).toBeGreaterThan(plain[k]);
    const results = await readFile(path.join(repoRoot, "bench", "RESULTS.md"), "utf8");
    const row = (m: typeof ours) => ([m["recall@1"], m["recall@3"], m["recall@5"], m.mrr] as const).map((v) => v.toFixed(3)).join(" | ");
    expect(results).toContain(`| heldout | 125 | toolgen search | ${row(ours)} | beats BM25 at every k |`);
    expect(results).toContain(`| heldout | 125 | BM25 (name + description) | ${row(plain)} |  |`);
  });
});
