#!/usr/bin/env node
/**
 * The lint reports that performance work must leave byte for byte as they are: every fixture
 * folder and a 300-tool bench corpus in the four formats, a folder of regular-expression patterns
 * (plain, unsupported by RE2, ReDoS-prone, invalid), and the positional-folder and file-list forms.
 * test/lint/report-identity.test.ts lints each case in process and compares the report with its
 * file in test/lint/golden/reports/ (`toMatchFileSnapshot`) and the exit code with
 * test/lint/golden/exit-codes.json. Run as a script, this writes the same files from a built CLI
 * (for comparing the reports of another revision, e.g. with `diff -r`):
 *
 *   node bench/report-cases.mjs dist/bin/toolgen.cjs OUT_DIR
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeCorpus } from "./corpus.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const FORMATS = ["json", "sarif", "stylish", "github"];
const FIXTURES = [
  "awkward", "bad-input", "cross-ref", "hostile",
  "lint/clean", "lint/config-options", "lint/config-unknown-rule", "lint/dialect-2020", "lint/project", "lint/warnings-only",
];
// (pattern-redos had a 1 s time limit, which a pattern taking half a second could hit on a loaded
// machine; it has only a step limit since issue 23.5, but the list stays as it was.)
const PATTERNS = [
  "^[A-Z]{3}-[0-9]{6}$", "^[A-Z]{2}$", "(\\w)\\1", "^(?=a)b", "(?<=x)y", "^\\d{5}(-\\d{4})?$",
  "^[a-z]+$", "[]", "[^]", "\\p{L}+", "^\\S+@\\S+$", "^.*$", "[a-", "^\\u00e9{3}$", "^[\\w-]{4}$",
  "\\cA", "(?<n>a)\\k<n>", "[\\d-z]", "\\b{3}", "a{3}{2}", "^$", "\\/{2}", "\\q", "ab|cd", "\\x41{3}", "a{12}", "^a{30}$",
];

/** Writes the corpora into a fresh temporary folder; returns the cases: `{ name, cwd, options }` (runLint's options). */
export async function prepareCases() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "toolgen-report-cases-"));
  const corpus = path.join(tmp, "corpus");
  await writeCorpus(path.join(corpus, "schemas"), 300);
  const patterns = path.join(tmp, "patterns");
  mkdirSync(path.join(patterns, "schemas"), { recursive: true });
  PATTERNS.forEach((pattern, i) => {
    const tool = {
      name: `pattern_${i}`,
      description: "Checks a value against a pattern. It returns whether the value matched. Use it for identifiers only.",
      input_schema: {
        type: "object",
        properties: { value: { type: "string", description: "The value. It is checked as written.", pattern } },
        patternProperties: { [pattern]: { type: "string" } },
      },
    };
    writeFileSync(path.join(patterns, "schemas", `p${String(i).padStart(2, "0")}.json`), JSON.stringify(tool, null, 2));
  });
  const cases = [];
  for (const fixture of FIXTURES) {
    for (const format of FORMATS) cases.push({ name: `${fixture} ${format}`, cwd: root, options: { schemas: `test/fixtures/${fixture}/schemas`, format } });
  }
  for (const format of FORMATS) {
    cases.push({ name: `corpus ${format}`, cwd: corpus, options: { schemas: "schemas", format } });
    cases.push({ name: `patterns ${format}`, cwd: patterns, options: { schemas: "schemas", format } });
  }
  const files = readdirSync(path.join(corpus, "schemas")).sort().map((f) => `schemas/${f}`);
  cases.push({ name: "corpus folder named", cwd: corpus, options: { paths: ["schemas"], format: "json" } });
  cases.push({ name: "corpus every file named", cwd: corpus, options: { paths: files, format: "json" } });
  cases.push({ name: "corpus some files named", cwd: corpus, options: { paths: files.filter((_, i) => i % 7 === 0), format: "stylish" } });
  cases.push({ name: "corpus outside the schemas folder", cwd: patterns, options: { paths: [path.relative(patterns, path.join(corpus, "schemas"))], format: "json" } });
  return { tmp, cases };
}

/**
 * A report as its golden file holds it: the temporary folder's path written as `<tmp>` and the
 * checkout's as `<root>/` (SARIF names the repository root in its URIs), so the files hold in any clone.
 */
export const normalise = (text, tmp) =>
  text.split(tmp).join("<tmp>").split(pathToFileURL(root).href).join("<root>/").split(root).join("<root>/");

const EXTENSIONS = { json: "json", sarif: "sarif", stylish: "txt", github: "txt" };

/** The golden file's name for a case: `lint/clean sarif` → `lint-clean-sarif.sarif`. */
export const reportFile = (c) => `${c.name.replace(/[/ ]/g, "-")}.${EXTENSIONS[c.options.format]}`;

function argsOf(options) {
  return ["lint", ...(options.schemas ? ["--schemas", options.schemas] : []), "--format", options.format, ...(options.paths ?? [])];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const cli = path.resolve(process.argv[2] ?? "dist/bin/toolgen.cjs");
  const { tmp, cases } = await prepareCases();
  const outDir = path.resolve(process.argv[3] ?? "lint-reports");
  mkdirSync(outDir, { recursive: true });
  const exits = {};
  for (const c of cases) {
    const env = { ...process.env };
    delete env.FORCE_COLOR;
    delete env.TOOLGEN_TIMINGS;
    env.NO_COLOR = "1";
    const r = spawnSync(process.execPath, [cli, ...argsOf(c.options)], { cwd: c.cwd, encoding: "utf8", env, maxBuffer: 1 << 28 });
    exits[c.name] = r.status;
    writeFileSync(path.join(outDir, reportFile(c)), normalise(r.stdout, tmp));
  }
  writeFileSync(path.join(outDir, "exit-codes.json"), `${JSON.stringify(exits, null, 2)}\n`);
  rmSync(tmp, { recursive: true, force: true });
}
