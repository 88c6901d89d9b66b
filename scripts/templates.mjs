#!/usr/bin/env node
/**
 * toolgen's own Handlebars templates (templates/), precompiled: writes
 * src/targets/anthropic/precompiled-templates.ts, which holds each template's text and Handlebars'
 * precompiled form of it (`Handlebars.precompile`, with the renderer's options). A build whose
 * templates are these texts renders with them and Handlebars' run-time alone, without loading
 * Handlebars' compiler or compiling (src/targets/anthropic/templates.ts); a changed text (a user's
 * `--templates DIR`, or an edit here not yet written) is compiled as before, so the output never
 * depends on this file being current, only the time.
 *
 *   node scripts/templates.mjs           writes the file (`npm run build` runs it before tsc)
 *   node scripts/templates.mjs --check   writes nothing; exits 1 when the file is not what it would write
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OUT = path.join(ROOT, "src", "targets", "anthropic", "precompiled-templates.ts");
/**
 * Handlebars' options for toolgen's templates, precompiled or compiled: strict (a missing value is an
 * error), and no HTML escaping (the templates escape XML with their own `xml` helper). Written into
 * the file as COMPILE_OPTIONS, which the renderer compiles an override with, so both agree.
 * (`Handlebars.precompile` adds its defaults to the options object it gets: it gets a copy.)
 */
const OPTIONS = { strict: true, noEscape: true };

/** The file's text for the templates under `root`. */
export function precompiledModule(root = ROOT) {
  const Handlebars = createRequire(import.meta.url)("handlebars");
  const dir = path.join(root, "templates");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".hbs"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const entries = files.map((file) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    return `  [\n    ${JSON.stringify(file)},\n    {\n      text: ${JSON.stringify(text)},\n      spec: ${Handlebars.precompile(text, { ...OPTIONS })},\n    },\n  ],\n`;
  });
  return (
    `// Written by scripts/templates.mjs from templates/ (npm run build); test/targets/anthropic/precompiled-templates.test.ts\n` +
    `// checks that it is current. Handlebars' precompiled code is untyped JavaScript: not type-checked.\n` +
    `// @ts-nocheck\n` +
    `import type { TemplateSpecification } from "handlebars";\n\n` +
    `/** The options of every template, precompiled here or compiled by the renderer. */\n` +
    `export const COMPILE_OPTIONS: CompileOptions = ${JSON.stringify(OPTIONS)};\n\n` +
    `/** Template path (as load/assets.ts names it) -> its text, and Handlebars' precompiled form of that text. */\n` +
    `export const PRECOMPILED: ReadonlyMap<string, { text: string; spec: TemplateSpecification }> = new Map([\n` +
    entries.join("") +
    `]);\n`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = precompiledModule();
  if (process.argv.includes("--check")) {
    if (readFileSyncOrEmpty(OUT) !== text) {
      process.stderr.write(`${path.relative(ROOT, OUT)} is not current: run node scripts/templates.mjs\n`);
      process.exit(1);
    }
  } else if (readFileSyncOrEmpty(OUT) !== text) writeFileSync(OUT, text);
}

function readFileSyncOrEmpty(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
