/**
 * The projects the mcp-client output's heavy tests compile: `toolgen import mcp --lock` of a server over stdio into
 * a fresh folder, a build with the mcp-client output, and the same files as an ES-module project (the folder) and
 * a CommonJS one (its `cjs/`), each with the user's strict NodeNext tsconfig compiling into dist/.
 */
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { toolgen } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";

export async function clientProjects(serve: readonly string[], files: Readonly<Record<string, string>>): Promise<{ esm: string; cjs: string }> {
  const esm = await repoTempDir();
  await writeFile(path.join(esm, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", outputs: ["types", "validators", "runtime", "mcp-client"] }));
  const imported = toolgen(esm, ["import", "mcp", "--lock", ...serve]);
  expect(imported.code, imported.stderr).toBe(0);
  const built = toolgen(esm, ["build"]);
  expect(built.code, built.stderr + built.stdout).toBe(0);
  const tsconfig = { compilerOptions: { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: ["node"], outDir: "dist" }, include: ["*.ts", "generated/**/*.ts"] };
  const cjs = path.join(esm, "cjs");
  await mkdir(cjs);
  await cp(path.join(esm, "generated"), path.join(cjs, "generated"), { recursive: true });
  for (const [dir, type] of [[esm, "module"], [cjs, "commonjs"]] as const) {
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type }));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  }
  return { esm, cjs };
}
