/**
 * Loads validators exactly as a build generates them (compileValidator's module: the schema as data
 * for runtime/validate.ts, or ajv's standalone code; the vendored RE2 engine beside them), with their
 * `../runtime/*.js` imports pointed at src/runtime, so the tests run toolgen's own run-time code.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { compileValidator } from "../../src/emit/validators.js";
import { validatorCompanions } from "../../src/emit/validator-files.js";
import { readVendoredSources } from "../../src/load/assets.js";
import type { ValidateFunction } from "../../src/runtime/dispatch.js";
import type { JsonObject } from "../../src/model.js";
import { repoTempDir } from "../e2e/compile.js";
import { resetAfterFile } from "../file-cleanup.js";
import { repoRoot } from "../helpers.js";
import { assignNames } from "../../src/emit/names.js";

let dir: Promise<string> | undefined;
let seq = 0;

function pointAtSource(code: string): string {
  return code.replace(/from "\.\.?\/runtime\/(ajv|formats|pattern|validate)\.js"/g, (_m, name: string) =>
    `from ${JSON.stringify(pathToFileURL(path.join(repoRoot, "src", "runtime", `${name}.ts`)).href)}`,
  ).replace(/from "\.\/pattern\.js"/g, () =>
    `from ${JSON.stringify(pathToFileURL(path.join(repoRoot, "src", "runtime", "pattern.ts")).href)}`,
  );
}

/** The generated validator of `schema` (an input_schema), loaded as a module. */
export async function compiled(schema: unknown, options: { interpret?: boolean } = {}): Promise<ValidateFunction> {
  return (await compiledModule(schema, options)).validate;
}

/** The generated validator of `schema` and its module's text; `interpret: false` forces ajv's standalone code. */
export async function compiledModule(schema: unknown, options: { interpret?: boolean } = {}): Promise<{ validate: ValidateFunction; contents: string }> {
  dir ??= (async () => {
    const d = await repoTempDir();
    // The folder goes when the test file ends; the next file makes its own.
    resetAfterFile(() => (dir = undefined));
    await mkdir(path.join(d, "validators"), { recursive: true });
    await mkdir(path.join(d, "runtime"), { recursive: true });
    return d;
  })();
  const base = await dir;
  const name = `v${++seq}`;
  const names = assignNames([name]).get(name);
  if (names === undefined) throw new Error("no names");
  const file = compileValidator({ name, bundledSchema: schema as JsonObject }, names, options);
  for (const extra of validatorCompanions([file], await readVendoredSources())) {
    if (extra.path === "runtime/re2.ts") await writeFile(path.join(base, extra.path), pointAtSource(extra.contents));
  }
  const target = path.join(base, file.path);
  await writeFile(target, pointAtSource(file.contents));
  const module = (await import(pathToFileURL(target).href)) as { validate: ValidateFunction };
  return { validate: module.validate, contents: file.contents };
}
