#!/usr/bin/env node
/**
 * The precision of lint rule mcp/destructive-hint's heuristic (src/targets/mcp/rules/destructive-hint.ts
 * `destructiveWord`, from dist/) on the bench corpora: of the tools it flags, how many do destroy
 * something. Truth comes from each generator's own verb, not from the words the heuristic reads: a tool
 * destroys when its verb is `delete` (bench/corpus.mjs `tool_<i>_<verb>_<noun>`, bench/tool-catalog.mjs
 * `<domain>_<verb>_<noun>`). Both corpora are synthetic: there is no corpus of real tool files in the
 * repository.
 *
 *   node bench/destructive-precision.mjs [CORPUS_N] [CATALOG_N]     (defaults 1000 and 300)
 *
 * test/lint/rules/mcp-destructive-hint.test.ts holds the figures docs/rules/mcp/destructive-hint.md gives.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { makeTool } from "./corpus.mjs";
import { tool as catalogTool } from "./tool-catalog.mjs";

/** The verb a generated tool's name carries, which the generator wrote its description from. */
const verbOf = {
  corpus: (t) => t.name.split("_")[2],
  catalog: (t) => t.name.split("_")[1],
};

/**
 * The real tools: 213 tools of 17 public MCP servers, as their `tools/list` gave them
 * (bench/search-cases/public-tools.json, `<server>__<tool>`). Their truth is a label by hand (read on
 * 2026-11-29 from each tool's name and whole description, before the heuristic ran on them): the tool
 * deletes, removes or drops stored data, or overwrites a file with no history kept. A repository file
 * update (a commit) and ending a process do not count.
 */
export const PUBLIC_DESTRUCTIVE = new Set([
  "airtable__delete_records", "desktop__write_file", "fs__write_file", "memory__delete_entities", "memory__delete_observations",
  "memory__delete_relations", "notion__API-delete-a-block", "todoist__delete_comments", "todoist__delete_labels",
  "todoist__remove_shared_labels", "todoist__delete_projects", "todoist__delete_sections", "todoist__delete_tasks",
]);

export function publicTools() {
  const file = new URL("./search-cases/public-tools.json", import.meta.url);
  const { servers } = JSON.parse(readFileSync(file, "utf8"));
  return servers.flatMap((s) => s.tools.map((t) => ({ name: `${s.prefix}__${t.name}`, description: t.description ?? "" })));
}

/** Flagged, true and false positives, and the destructive tools missed, over `tools` of `kind`. */
export function measure(destructiveWord, tools, kind, { names = true } = {}) {
  const out = { tools: tools.length, flagged: 0, truePositives: 0, falsePositives: [], destructive: 0, missed: 0 };
  for (const t of tools) {
    const destroys = kind === "public" ? PUBLIC_DESTRUCTIVE.has(t.name) : verbOf[kind](t) === "delete";
    // A real tool's own name, without the server prefix the set gives it.
    const own = kind === "public" ? t.name.slice(t.name.indexOf("__") + 2) : t.name;
    const found = destructiveWord(names ? own : undefined, t.description);
    if (destroys) out.destructive++;
    if (found !== undefined) {
      out.flagged++;
      if (destroys) out.truePositives++;
      else out.falsePositives.push(`${t.name} (${found.where}: '${found.word}')`);
    } else if (destroys) out.missed++;
  }
  return out;
}

export function corpora(corpusN = 1000, catalogN = 300) {
  return {
    corpus: Array.from({ length: corpusN }, (_, i) => makeTool(i)),
    catalog: Array.from({ length: catalogN }, (_, i) => catalogTool(i)),
    public: publicTools(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { destructiveWord } = await import("../dist/src/targets/mcp/rules/destructive-hint.js");
  const [corpusN = 1000, catalogN = 300] = process.argv.slice(2).map(Number);
  const sets = corpora(corpusN, catalogN);
  for (const [kind, tools] of Object.entries(sets)) {
    // The rule as it runs, then its description half alone (the names of both corpora say their verb).
    for (const names of [true, false]) {
      const m = measure(destructiveWord, tools, kind, { names });
      const precision = m.flagged === 0 ? 1 : m.truePositives / m.flagged;
      const what = names ? "name and description" : "description alone";
      console.log(`${kind} (${what}): ${m.tools} tools, ${m.flagged} flagged, ${m.truePositives} destroy, precision ${(precision * 100).toFixed(1)}%, recall ${m.truePositives}/${m.destructive}`);
      for (const fp of m.falsePositives.slice(0, 10)) console.log(`  false positive: ${fp}`);
    }
  }
}
