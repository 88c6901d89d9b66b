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
import { pathToFileURL } from "node:url";
import { makeTool } from "./corpus.mjs";
import { tool as catalogTool } from "./tool-catalog.mjs";

/** The verb a generated tool's name carries, which the generator wrote its description from. */
const verbOf = {
  corpus: (t) => t.name.split("_")[2],
  catalog: (t) => t.name.split("_")[1],
};

/** Flagged, true and false positives, and the destructive tools missed, over `tools` of `kind`. */
export function measure(destructiveWord, tools, kind, { names = true } = {}) {
  const out = { tools: tools.length, flagged: 0, truePositives: 0, falsePositives: [], destructive: 0, missed: 0 };
  for (const t of tools) {
    const destroys = verbOf[kind](t) === "delete";
    const found = destructiveWord(names ? t.name : undefined, t.description);
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
