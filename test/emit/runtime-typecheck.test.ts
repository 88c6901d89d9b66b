/**
 * Issue 39 item 3: the user's tsc does not check the bodies of the generated `runtime/` again (toolgen's
 * own type-check has), yet checks the user's handlers against the runtime's declarations as strictly as
 * before. Counted in types the checker creates (which, unlike time, does not depend on the machine's
 * load): over the seed tools' folder, checking the runtime's bodies made about 4,300 types. The interpreted
 * validators (a schema as data each) are not checked either. Heavy: about 20 s.
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { beforeAll, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { createProgram, repoTempDir, strictOptions } from "../e2e/compile.js";
import { CI_LIMIT_MS, project, repoRoot } from "../helpers.js";

const OPTIONS = strictOptions("nodenext");

let p: Awaited<ReturnType<typeof project>>;
beforeAll(async () => {
  p = await project(path.join(repoRoot, "schemas"));
  await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false, cache: false });
}, CI_LIMIT_MS);

function check(files: string[]): { errors: string[]; types: number } {
  const program = createProgram(files, OPTIONS);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  return { errors, types: program.getTypeCount() };
}

it("checks no body of runtime/: the whole folder costs the checker few types beyond the tools' own", { timeout: CI_LIMIT_MS }, async () => {
  const data = check(["types.ts", "tools.ts"].map((f) => path.join(p.out, f)));
  const whole = check([path.join(p.out, "index.ts")]);
  expect(data.errors).toEqual([]);
  expect(whole.errors).toEqual([]);
  // Measured 2026-11-29 (TypeScript 5.9): 4,943 more types with the runtime's bodies checked, 651 without.
  expect(whole.types - data.types).toBeLessThan(1_500);
});

it("still checks a handler against its tool's input type", { timeout: CI_LIMIT_MS }, async () => {
  const file = path.join(p.handlers, "get_weather.ts");
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(`input: ToolInputs["get_weather"]`, "input: { location: number }"));
  try {
    const { errors } = check([path.join(p.out, "index.ts")]);
    expect(errors.join("\n")).toMatch(/registry\.ts: .*location/s);
  } finally {
    await writeFile(file, text);
  }
});

/** Types the whole folder (index.ts and the handler stubs) adds to tools.ts' and types.ts', for the first `n` bench tools. */
async function folderTypes(n: number): Promise<number> {
  const dir = await repoTempDir();
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const schemas = path.join(dir, "schemas");
  expect(spawnSync(process.execPath, [path.join(repoRoot, "bench", "corpus.mjs"), schemas, String(n)], { encoding: "utf8" }).status).toBe(0);
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  await build({ schemas, out, handlers, lint: false, cache: false });
  const data = check(["types.ts", "tools.ts"].map((f) => path.join(out, f)));
  const stubs = (await readdir(handlers)).map((f) => path.join(handlers, f));
  const whole = check([path.join(out, "index.ts"), ...stubs]);
  expect(whole.errors).toEqual([]);
  return whole.types - data.types;
}

it("the per-tool modules cost the checker few types a tool beyond the tool's own", { timeout: CI_LIMIT_MS }, async () => {
  const [small, large] = [await folderTypes(100), await folderTypes(200)];
  // Measured 2026-11-29 (TypeScript 5.9): 27.2 a tool with each interpreted validator module checked, 25.0 without
  // (the registry's loaders and the handler stubs make the rest).
  expect((large - small) / 100).toBeLessThan(26);
});
