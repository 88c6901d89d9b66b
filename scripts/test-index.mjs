#!/usr/bin/env node
/**
 * Writes test/INDEX.md: for each module of src/, the test files that cover it, so a newcomer can
 * find the test of a behaviour. A test covers the modules it imports (directly, or through a test
 * helper it imports; `toolgen` is src/index.ts), cli/ when it runs the built command line
 * (dist/bin/toolgen.cjs), and a module whose path it names. A module no test covers so is listed
 * with the tests of the nearest modules (cli/ included, and the emitters of generated code that
 * imports a runtime file) that import it ("through src/x.ts"). test/test-index.test.ts fails when the file is out of date or
 * a module has no entry.
 *
 *   node scripts/test-index.mjs          # rewrite test/INDEX.md
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

/** The .ts files under `dir` (relative to the root, with /), fixtures and generated output left out. */
function tsFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return ["fixtures", "__out__", "generated", "node_modules"].includes(entry.name) ? [] : tsFiles(rel);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [rel] : [];
    })
    .sort();
}

/** The .ts files of the repository that `file` imports by a relative path. */
function importsOf(file) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const found = new Set();
  // The built command line bundles every module of cli/.
  if (text.includes("toolgen.cjs")) for (const cli of tsFiles("cli")) found.add(cli);
  // The package, as a scratch project imports it.
  if (/from ["']toolgen["']/.test(text)) found.add("src/index.ts");
  // Generated code imports the runtime's files, copied beside it: `./runtime/loaders.js`.
  if (file.startsWith("src/")) for (const match of text.matchAll(/runtime\/([\w-]+)\.js/g)) found.add(`src/runtime/${match[1]}.ts`);
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec === "toolgen") found.add("src/index.ts");
    if (spec === "toolgen/outputs") found.add("src/catalog.ts");
    if (!spec?.startsWith(".")) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.(js|mjs)$/, ".ts");
    found.add(target);
  }
  return found;
}

/** Past this many tests, a row says "and N more". */
const MAX_LISTED = 8;

/** The markdown of test/INDEX.md, and the modules of src/ with no entry. */
export function testIndex() {
  const sources = tsFiles("src");
  const modules = [...sources, ...tsFiles("cli")];
  const testSide = tsFiles("test");
  const graph = new Map([...modules, ...testSide].map((file) => [file, importsOf(file)]));
  // What each test file reaches in src/ and cli/: its own imports, and those of the test helpers it imports.
  const covered = new Map(modules.map((file) => [file, new Set()]));
  const texts = new Map(testSide.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
  for (const test of testSide.filter((file) => file.endsWith(".test.ts"))) {
    const seen = new Set([test]);
    const queue = [test];
    while (queue.length > 0) {
      for (const target of graph.get(queue.shift()) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        if (covered.has(target)) covered.get(target).add(test);
        else if (target.startsWith("test/")) queue.push(target);
      }
    }
  }
  // A module no test imports, whose path a test names (`runtime/loaders`): that test.
  for (const file of sources) {
    if (covered.get(file).size > 0) continue;
    const named = file.slice("src/".length, -".ts".length);
    if (!named.includes("/")) continue;
    for (const [test, text] of texts) if (test.endsWith(".test.ts") && text.includes(named)) covered.get(file).add(test);
  }
  const importers = new Map(modules.map((file) => [file, modules.filter((other) => graph.get(other).has(file))]));
  const rows = [];
  const orphans = [];
  for (const file of sources) {
    let tests = [...covered.get(file)].sort();
    let through = [];
    // No test imports it: the tests of the nearest modules that import it.
    const seen = new Set([file]);
    let level = importers.get(file);
    while (tests.length === 0 && level.length > 0) {
      const withTests = level.filter((m) => covered.get(m).size > 0);
      if (withTests.length > 0) {
        through = withTests.sort();
        tests = [...new Set(withTests.flatMap((m) => [...covered.get(m)]))].sort();
        break;
      }
      for (const m of level) seen.add(m);
      level = [...new Set(level.flatMap((m) => importers.get(m)))].filter((m) => !seen.has(m));
    }
    if (tests.length === 0) orphans.push(file);
    const via = through.length > 0 ? `through ${through.map((m) => `\`${m}\``).join(", ")}: ` : "";
    const links = tests.slice(0, MAX_LISTED).map((t) => `[${t.slice("test/".length)}](${t.slice("test/".length)})`);
    if (tests.length > MAX_LISTED) links.push(`and ${tests.length - MAX_LISTED} more`);
    rows.push(`| \`${file}\` | ${tests.length === 0 ? "**none**" : via + links.join(", ")} |`);
  }
  const markdown = [
    "# Which tests cover which module",
    "",
    "Generated by `node scripts/test-index.mjs` (test/test-index.test.ts fails when it is out of date, or",
    "when a module of `src/` has no test). A test covers the modules it imports, directly or through a",
    "test helper; a module no test imports lists the tests of the nearest modules that import it.",
    "Tests that run the built command line in a child process cover more than they import: the",
    "command-line tests are in `test/cli/`, `test/cli.test.ts`, `test/lint/cli.test.ts` and",
    "`test/outputs/cli.test.ts`.",
    "",
    "| Module | Tests |",
    "|---|---|",
    ...rows,
    "",
  ].join("\n");
  return { markdown, orphans };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { markdown, orphans } = testIndex();
  writeFileSync(path.join(ROOT, "test", "INDEX.md"), markdown);
  if (orphans.length > 0) {
    process.stderr.write(`modules with no test: ${orphans.join(", ")}\n`);
    process.exitCode = 1;
  }
}
