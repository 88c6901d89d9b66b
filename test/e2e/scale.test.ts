/**
 * Issue 11 item 2: the generated code for many tools type-checks (it failed with TS2590 past about
 * 1,000 tools) and dispatches. The benchmark corpus (bench/corpus.mjs) is generated at test time:
 * 1,500 tools by default (above the old failure point), 5,000 with TOOLGEN_HEAVY=1.
 */
import { spawnSync } from "node:child_process";
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir, typecheck } from "./compile.js";

const N = process.env.TOOLGEN_HEAVY === "1" ? 5000 : 1500;

interface Generated {
  tools: { name: string }[];
  dispatcher: { dispatch(block: unknown): Promise<{ tool_use_id: string; content?: unknown; is_error?: boolean }> };
}

it(`builds, type-checks and dispatches ${N} tools`, { timeout: N * 200 }, async () => {
  const dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  const corpus = path.join(repoRoot, "bench", "corpus.mjs");
  expect(spawnSync(process.execPath, [corpus, schemas, String(N)], { encoding: "utf8" }).status).toBe(0);
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  await build({ schemas, out, handlers, lint: false, cache: false });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));

  const files = [
    ...["index.ts", "tools.ts", "types.ts", "legacy.ts"].map((f) => path.join(out, f)),
    ...(await readdir(handlers)).map((f) => path.join(handlers, f)),
  ];
  expect(typecheck(files, "nodenext")).toEqual([]);

  // A valid input for every 100th tool (and the last), from the corpus's own input generator.
  const picked = [...Array.from({ length: Math.ceil(N / 100) }, (_, k) => k * 100), N - 1];
  const script = `import { makeTool, makeInput } from ${JSON.stringify(corpus)};
    const out = {};
    for (const i of ${JSON.stringify(picked)}) { const t = makeTool(i); out[t.name] = makeInput(t.input_schema); }
    process.stdout.write(JSON.stringify(out));`;
  const made = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(made.stderr).toBe("");
  const inputs = JSON.parse(made.stdout) as Record<string, unknown>;

  const g = (await import(path.join(out, "index.ts"))) as Generated;
  expect(g.tools).toHaveLength(N);
  for (const [name, input] of Object.entries(inputs)) {
    const result = await g.dispatcher.dispatch({ type: "tool_use", id: `toolu_${name}`, name, input });
    // The stub handler answers: validation passed, and the call reached this tool's own file.
    expect(result, name).toMatchObject({ tool_use_id: `toolu_${name}`, is_error: true, content: `Error: ${name} is not implemented yet: write its handler in this file` });
  }
  expect(await readFile(path.join(out, "types.ts"), "utf8")).toContain("export type ToolName = keyof ToolInputs;");
});
