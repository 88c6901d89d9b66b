#!/usr/bin/env node
/**
 * toolgen's benchmark harness: `npm run bench [-- options]` (see bench/README.md, or --help).
 *
 * Whole processes are timed, toolgen and its comparison alternating run by run after a warm-up;
 * what counts is the median of the per-run ratios, as the machines are shared and noisy (an
 * absolute time only describes that machine). Prints a table and appends it, with the machine's
 * description, to bench/RESULTS.md.
 *
 *   prepare   dist/ current, Spectral installed (bench/node_modules), corpus at every N
 *   1 lint    toolgen lint vs a bare read+parse+regex floor, and vs Spectral
 *   2 build   toolgen build --no-cache vs json2ts's CLI (types alone)
 *   3 again   toolgen build with nothing changed vs the floor
 *   4 scaling time at the largest N / time at the smallest, lint and build
 *   5, 6      dispatch() overhead per call; parseFunctionCalls vs fast-xml-parser
 *   7 forms   lint DIR, lint --schemas DIR and lint FILE... (every file named), each vs the floor,
 *             in wall time (the target) and in CPU time (7c: every thread, context)
 *   8 start   toolgen --version and lint of one tool, vs node -e ""
 *   9 validate a generated validator per call vs Ajv's compile()d function, and dispatch over it (validate.mjs)
 *  10 diff     toolgen diff of two folders, and of two git revisions, vs a read+parse+deep-equal floor, in CPU time
 */
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeCorpus } from "./corpus.mjs";
import * as compare from "./lib/comparisons.mjs";
import { log } from "./lib/measure.mjs";
import { readOptions } from "./lib/options.mjs";
import { describeMachine, describeRun, renderTable } from "./lib/report.mjs";
import { ensureDist, ensureSpectral, PATHS } from "./lib/setup.mjs";

async function main() {
  const started = performance.now();
  const opts = readOptions(process.argv.slice(2));
  const wants = (name) => opts.only.has(name);
  if (opts.cli) PATHS.cli = path.resolve(opts.cli);
  else ensureDist(opts.rebuild);
  let spectralSkip = opts.spectral ? undefined : "not run: --no-spectral";
  if (!spectralSkip && wants("lint")) {
    const why = ensureSpectral();
    if (why) spectralSkip = `not run: Spectral ${why}`;
  }
  const machine = describeMachine();
  const work = await mkdtemp(path.join(os.tmpdir(), "toolgen-bench-"));
  log(`work folder ${work}`);

  const rows = [];
  try {
    const corpus = new Map();
    const sizes = new Set([...opts.sizes, ...(wants("dispatch") || wants("parse") ? [opts.microN] : [])]);
    for (const size of sizes) {
      const dir = path.join(work, `n${size}`);
      const entry = { dir, schemas: path.join(dir, "schemas"), standalone: path.join(dir, "input-schemas") };
      await writeCorpus(entry.schemas, size, { standaloneDir: entry.standalone });
      corpus.set(size, entry);
    }
    log(`corpus written for N = ${[...sizes].join(", ")}`);
    const ctx = { opts, corpus, spectralSkip };

    const lint = wants("lint") || wants("scaling") ? compare.lint(ctx, { full: wants("lint") }) : undefined;
    rows.push(...(lint?.rows ?? []));
    const build = wants("build") || wants("scaling") ? compare.buildCold(ctx, { full: wants("build") }) : undefined;
    rows.push(...(build?.rows ?? []));
    if (wants("nochange")) rows.push(...compare.buildNoChange(ctx));
    if (wants("scaling")) rows.push(...compare.scaling(ctx, lint.group, build.group));
    if (wants("dispatch") || wants("parse")) rows.push(...(await compare.inProcess(ctx)));
    if (wants("forms")) rows.push(...compare.lintForms(ctx));
    if (wants("startup")) rows.push(...compare.startup(ctx));
    if (wants("validate")) rows.push(...compare.validatePerCall(ctx));
    if (wants("diff")) rows.push(...compare.diff(ctx));
  } finally {
    if (opts.keep) log(`kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  }

  const report = `${describeRun(opts, machine, (performance.now() - started) / 1000)}\n\n${renderTable(rows)}\n`;
  process.stdout.write(`\n${report}`);
  if (opts.write) {
    if (!existsSync(PATHS.results)) {
      await writeFile(PATHS.results, "# Benchmark results\n\nAppended by `npm run bench`, newest last. bench/README.md says what each row measures.\n");
    }
    await appendFile(PATHS.results, `\n${report}`);
    log(`appended to ${path.relative(process.cwd(), PATHS.results)}`);
  }
  const failed = rows.filter((r) => r.verdict.startsWith("failed"));
  if (failed.length > 0) {
    log(`${failed.length} comparison(s) failed: see the verdict column`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exit(1);
});
