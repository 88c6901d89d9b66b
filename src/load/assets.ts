/**
 * The build's inputs besides the schemas and handler files: the Handlebars templates (toolgen's own,
 * overridden by file name from `--templates DIR`) and the run-time sources copied into the generated
 * folder. Read here, by the load stage, and handed to the outputs, which never read the disk.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { UsageError } from "../errors.js";
import { packageRoot } from "./own-package.js";

export interface BuildAssets {
  /** Template path relative to the templates folder (`legacy-prompt.hbs`, `partials/x.hbs`) -> text. */
  templates: ReadonlyMap<string, string>;
  /** File name in `src/runtime/` (`dispatch.ts`, ...) -> text, sorted by name. */
  runtime: ReadonlyMap<string, string>;
  vendored: VendoredSources;
}

/** Third-party code the generated folder may get a copy of, read from toolgen's own dependencies. */
export interface VendoredSources {
  /** re2js (linear-time patterns): its ES module and its licence text. */
  re2: { source: string; licence: string };
}

async function readTemplateFolder(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (sub: string) => {
    const entries = await readdir(path.join(dir, sub), { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(rel);
      else if (e.name.endsWith(".hbs")) found.set(rel, await readFile(path.join(dir, rel), "utf8"));
    }
  };
  await walk("");
  return found;
}

/** The built-in templates with the overrides of `overrideDir` applied; a UsageError for an unknown override. */
export async function readTemplates(overrideDir?: string): Promise<Map<string, string>> {
  const sources = await readTemplateFolder(path.join(packageRoot(), "templates"));
  if (overrideDir === undefined) return sources;
  let overrides: Map<string, string>;
  try {
    overrides = await readTemplateFolder(path.resolve(overrideDir));
  } catch {
    throw new UsageError(`templates folder not found: ${overrideDir}`);
  }
  for (const [name, text] of overrides) {
    const known = [...sources.keys()].find((k) => path.posix.basename(k) === path.posix.basename(name));
    if (!known) {
      throw new UsageError(`--templates: '${name}' overrides no built-in template (built-in: ${[...sources.keys()].join(", ")})`);
    }
    sources.set(known, text);
  }
  return sources;
}

/** toolgen's own `src/runtime/*.ts`, which the generated folder gets a copy of. */
export async function readRuntimeSources(): Promise<Map<string, string>> {
  const dir = path.join(packageRoot(), "src", "runtime");
  const names = (await readdir(dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name), "utf8")] as const)));
}

/** re2js's ES module and licence (see emit/validators.ts for why this engine). */
export async function readVendoredSources(): Promise<VendoredSources> {
  const require = createRequire(import.meta.url);
  const cjs = require.resolve("re2js");
  const [source, licence] = await Promise.all([
    // re2js's build/index.js laid out within 120 columns (scripts/vendor-re2.mjs; test/emit/vendored-re2.test.ts).
    readFile(path.join(packageRoot(), "src", "runtime", "vendor", "re2js.js"), "utf8"),
    readFile(cjs.replace(/build[\\/]index\.cjs$/, "LICENSE"), "utf8"),
  ]);
  return { re2: { source, licence } };
}

export async function readAssets(templatesDir?: string): Promise<BuildAssets> {
  const [templates, runtime, vendored] = await Promise.all([readTemplates(templatesDir), readRuntimeSources(), readVendoredSources()]);
  return { templates, runtime, vendored };
}
