/**
 * Issue 11 item 2: the generated data (`tools` in tools.ts, `legacyConversions` in legacy.ts) costs the
 * type-checker next to nothing per tool. Written as object and array literals, every
 * node of every tool's schema got a type of its own (and the array a union to reduce): that was most
 * of the type-check time and memory past 1,000 tools. Counted in types the checker creates, which,
 * unlike time, does not depend on the machine's load. (Issue 36: `legacyConversions` is an array
 * literal again, with its declared type: checked, that added about ten types a tool, measured, so
 * legacy.ts, which is data, is not type-checked (`// @ts-nocheck`) and its declarations are what
 * importers see.)
 */
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: [],
};

/** The types the checker creates for `files` (and what they import), with no errors. */
function typeCount(files: string[]): number {
  const program = ts.createProgram(files, OPTIONS);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors).toEqual([]);
  return program.getTypeCount();
}

/** Types that tools.ts and legacy.ts add to types.ts' own, for the first `n` tools of the bench corpus. */
async function dataTypes(n: number): Promise<number> {
  const dir = await repoTempDir();
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const schemas = path.join(dir, "schemas");
  const corpus = path.join(repoRoot, "bench", "corpus.mjs");
  expect(spawnSync(process.execPath, [corpus, schemas, String(n)], { encoding: "utf8" }).status).toBe(0);
  const out = path.join(dir, "generated");
  await build({ schemas, out, handlers: path.join(dir, "handlers"), lint: false, cache: false });
  const types = typeCount([path.join(out, "types.ts")]);
  return typeCount(["types.ts", "tools.ts", "legacy.ts"].map((f) => path.join(out, f))) - types;
}

it("tools.ts and legacy.ts add at most one type per tool to types.ts'", async () => {
  const [small, large] = [await dataTypes(100), await dataTypes(200)];
  // The runtime modules legacy.ts imports and the declared types are a fixed cost; per tool there is
  // at most its name's literal type, in the `ToolName` union that `ToolDefinition` names. As literals,
  // the data added about 28 types per tool.
  expect(large - small).toBeLessThanOrEqual(100);
});
