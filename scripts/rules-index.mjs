#!/usr/bin/env node
/**
 * The lists a new lint rule would otherwise need edited by hand, written from the rules themselves,
 * so that a base rule is its file (src/lint/rules/<id>.ts) and its docs page (docs/rules/<id>.md):
 *
 *   node scripts/rules-index.mjs          writes src/lint/rules/index.ts: every rule file, in the
 *                                         order the file already has, new files appended by name
 *   node scripts/rules-index.mjs --docs   writes docs/lint.md's rule table from every rule's meta
 *                                         (reads dist/src/catalog.js: run after tsc)
 *   add --check to either                 writes nothing; exits 1 when the file is not what it would write
 *
 * `npm run build` and the test suite's global setup run both; test/lint/parity.test.ts checks them.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const RULES_DIR = path.join(ROOT, "src", "lint", "rules");
const INDEX = path.join(RULES_DIR, "index.ts");
const LINT_DOC = path.join(ROOT, "docs", "lint.md");
const TABLE_START = "<!-- rules table: written by scripts/rules-index.mjs --docs from each rule's meta -->";
const TABLE_END = "<!-- end of rules table -->";

/** `tool-name-format` -> `toolNameFormat`. */
const identifier = (id) => id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

/** The rule files of src/lint/rules/ in index order: those the index lists first, in its order, then new ones by name. */
export function ruleFileOrder(root = ROOT) {
  const dir = path.join(root, "src", "lint", "rules");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts").map((f) => f.slice(0, -3));
  let listed = [];
  try {
    listed = [...readFileSync(path.join(dir, "index.ts"), "utf8").matchAll(/from "\.\/([a-z0-9-]+)\.js";/g)].map((m) => m[1]);
  } catch {
    // No index yet: every file is new.
  }
  const kept = listed.filter((id) => files.includes(id));
  return [...kept, ...files.filter((id) => !kept.includes(id)).sort()];
}

export function indexText(ids) {
  return (
    `// Written by scripts/rules-index.mjs (npm run build): every file of this folder, in report order; a\n` +
    `// new rule file is appended. Do not edit: add or remove a rule file and its docs page instead.\n` +
    `import type { Rule } from "../rule.js";\n` +
    ids.map((id) => `import ${identifier(id)} from "./${id}.js";\n`).join("") +
    `\n/** toolgen's own rules, for every target (src/catalog.ts adds the targets' rules after them). */\n` +
    `export const BASE_RULES: readonly Rule[] = [\n` +
    ids.map((id) => `  ${identifier(id)},\n`).join("") +
    `];\n`
  );
}

/** docs/lint.md's table: one row per rule, from its meta. */
export function tableText(rules) {
  const cell = (text) => text.replaceAll("|", "\\|").replace(/\.$/, "");
  return [
    TABLE_START,
    "| rule | default | what it catches |",
    "|---|---|---|",
    ...rules.map((r) => `| [\`${r.meta.id}\`](rules/${r.meta.id}.md) | ${r.meta.defaultSeverity} | ${cell(r.meta.description)} |`),
    TABLE_END,
  ].join("\n");
}

function withTable(page, table) {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/lint.md: no rules table between "${TABLE_START}" and "${TABLE_END}"`);
  return page.slice(0, start) + table + page.slice(end + TABLE_END.length);
}

function writeOrCheck(file, text, check) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // Missing: written (or stale).
  }
  if (current === text) return true;
  if (check) {
    process.stderr.write(`${path.relative(ROOT, file)} is out of date: run node scripts/rules-index.mjs${file === LINT_DOC ? " --docs" : ""}\n`);
    return false;
  }
  writeFileSync(file, text);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const check = process.argv.includes("--check");
  let ok;
  if (process.argv.includes("--docs")) {
    const { RULES } = await import(pathToFileURL(path.join(ROOT, "dist", "src", "catalog.js")).href);
    ok = writeOrCheck(LINT_DOC, withTable(readFileSync(LINT_DOC, "utf8"), tableText(RULES)), check);
  } else {
    ok = writeOrCheck(INDEX, indexText(ruleFileOrder()), check);
  }
  process.exit(ok ? 0 : 1);
}
