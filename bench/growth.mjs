#!/usr/bin/env node
/**
 * Issue 28, how the build scales from 1,000 to 10,000 tools: at each size, one cold
 * `toolgen build --no-lint --no-cache` (CPU s, wall s, peak RSS), the same build writing its cache
 * (into a folder of its own), one cold `toolgen lint`, `tsc` over
 * what the build wrote (the generated folder and the handler stubs) and `tsc` over
 * json-schema-to-typescript's types alone for the same schemas (its CLI, `--no-format`: formatting
 * changes nothing tsc does). Its CLI writes `.d.ts` files, which `skipLibCheck` keeps tsc from
 * checking: that figure is parsing and binding alone. So two more figures say what it is compared
 * with: tsc over what the build wrote with `--noCheck` (parsing, binding and module resolution: the
 * floor no type-checking change can go under), and tsc over json2ts's types renamed to `.ts`, so that
 * they are checked as the generated types are. Then the bytes of the validators, of the whole
 * generated folder and of the tool files. Then a least-squares line through each figure against N (slope per 1,000 tools,
 * intercept, R²), and the aims: validators no larger than the schemas, tsc within 2x of the
 * types alone, build peak memory under 1.5 GB at 10,000 tools. Dispatch start-up: the generated folder and
 * handlers emitted as JavaScript file by file (esbuild's transform, what a project's tsc emits), then one
 * Node process that imports index.js and answers one call (its tool's validator and handler loaded on
 * first use): CPU, wall and peak memory.
 *
 *   nice node bench/growth.mjs [--sizes 1000,2500,5000,10000] [--keep]
 *
 * `--tsc-max N` skips tsc above N tools. One run per size (a few minutes on 2 cores): times are CPU (user + sys from /usr/bin/time), which
 * another process's load disturbs less than wall time; the load average is printed. Needs dist/.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { timed } from "./cold-build-cpu.mjs";
import { writeCorpus } from "./corpus.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist", "bin", "toolgen.cjs");
const JSON2TS = path.join(ROOT, "node_modules", "json-schema-to-typescript", "dist", "src", "cli.js");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}
const sizes = option("sizes", "1000,2500,5000,10000").split(",").map(Number);
const keep = process.argv.includes("--keep");
/** Above this N, tsc is not run (at 10,000 tools it ran out of Node's default 4 GB heap: see RESULTS.md). */
const tscMax = Number(option("tsc-max", "Infinity"));

const COMPILER_OPTIONS = { strict: true, noEmit: true, target: "ES2022", lib: ["ES2022"], module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] };

async function tsProject(dir, include) {
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include }));
}

/** `from`'s .ts files as .js under `to` (same relative paths; imports already name .js files). */
async function emitJs(from, to) {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const out = path.join(to, path.relative(from, file)).replace(/\.ts$/, ".js");
    await mkdir(path.dirname(out), { recursive: true });
    const { code } = await transform(await readFile(file, "utf8"), { loader: "ts", format: "esm", target: "es2022" });
    await writeFile(out, code);
  }
}

/** Dispatch start-up: import the emitted index.js and answer one call of the first tool. */
async function dispatchStartup(dir, schemas) {
  const js = path.join(dir, "js");
  await emitJs(path.join(dir, "generated"), path.join(js, "generated"));
  await emitJs(path.join(dir, "handlers"), path.join(js, "handlers"));
  await writeFile(path.join(js, "package.json"), JSON.stringify({ type: "module", private: true }));
  const first = JSON.parse(await readFile(path.join(schemas, (await readdir(schemas)).filter((f) => f.endsWith(".json")).sort()[0]), "utf8"));
  const script =
    `const { dispatcher } = await import(${JSON.stringify(path.join(js, "generated", "index.js"))});` +
    `const r = await dispatcher.dispatch({ type: "tool_use", id: "t1", name: ${JSON.stringify(first.name)}, input: {} });` +
    `if (r.type !== "tool_result") process.exit(1);`;
  return timed(["--input-type=module", "-e", script], js);
}

async function bytes(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath ?? entry.path, entry.name))).size;
  }
  return total;
}

/** Least squares y = a + b·x; b per 1,000 tools, and R². */
function fit(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  const sxy = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0);
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const b = sxy / sxx;
  const a = my - b * mx;
  const ssr = ys.reduce((s, y, i) => s + (y - (a + b * xs[i])) ** 2, 0);
  const sst = ys.reduce((s, y) => s + (y - my) ** 2, 0);
  return { a, per1000: b * 1000, r2: sst === 0 ? 1 : 1 - ssr / sst };
}

async function measure(base, n) {
  const dir = path.join(base, String(n));
  const schemas = path.join(dir, "schemas");
  const standalone = path.join(dir, "standalone");
  await writeCorpus(schemas, n, { standaloneDir: standalone });
  const build = timed([CLI, "build", "--schemas", schemas, "--out", path.join(dir, "generated"), "--handlers", path.join(dir, "handlers"), "--no-lint", "--no-cache"], dir);
  // The same cold build with its cache (a first build, as a user's default `toolgen build` runs):
  // peak memory while it also writes the cache. The cache goes to a folder of this run's own.
  const cacheEnv = { ...process.env, XDG_CACHE_HOME: path.join(dir, "user-cache") };
  const cached = timed([CLI, "build", "--schemas", schemas, "--out", path.join(dir, "generated-cached"), "--handlers", path.join(dir, "handlers-cached"), "--no-lint"], dir, cacheEnv);
  const lint = timed([CLI, "lint", "--schemas", schemas], dir);
  const skipped = { cpu: NaN, maxRssMb: NaN, wall: NaN };
  let tscGenerated = skipped;
  let tscAlone = skipped;
  let tscFloor = skipped;
  let tscAloneChecked = skipped;
  if (n <= tscMax) {
    await tsProject(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    tscGenerated = timed([TSC, "-p", dir], dir);
    tscFloor = timed([TSC, "-p", dir, "--noCheck"], dir);
    const alone = path.join(dir, "types-alone");
    await mkdir(alone, { recursive: true });
    timed([JSON2TS, "-i", `${standalone}/*.json`, "-o", alone, "--no-format"], dir);
    await tsProject(alone, ["*.ts"]);
    tscAlone = timed([TSC, "-p", alone], alone);
    const checked = path.join(dir, "types-alone-checked");
    await mkdir(checked, { recursive: true });
    for (const file of await readdir(alone)) {
      if (file.endsWith(".d.ts")) await copyFile(path.join(alone, file), path.join(checked, file.replace(/\.d\.ts$/, ".ts")));
    }
    await tsProject(checked, ["*.ts"]);
    tscAloneChecked = timed([TSC, "-p", checked], checked);
  }
  const startup = await dispatchStartup(dir, schemas);
  const sizes = {
    schemas: await bytes(schemas),
    validators: await bytes(path.join(dir, "generated", "validators")),
    generated: await bytes(path.join(dir, "generated")),
  };
  await rm(dir, { recursive: true, force: true });
  return { n, build, cached, lint, tscGenerated, tscAlone, tscFloor, tscAloneChecked, startup, sizes };
}

const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "—");

async function main() {
  if (!existsSync(CLI)) throw new Error("dist/bin/toolgen.cjs is missing: run `npm run build` first");
  const base = await mkdtemp(path.join(os.tmpdir(), "toolgen-growth-"));
  const load = [os.loadavg()[0]];
  const rows = [];
  try {
    for (const n of sizes) {
      const r = await measure(base, n);
      rows.push(r);
      // Each size's figures as soon as they are measured: a later size that fails loses nothing.
      process.stderr.write(`N=${n}: ${JSON.stringify(r)}\n`);
    }
  } finally {
    if (keep) process.stdout.write(`kept ${base}\n`);
    else await rm(base, { recursive: true, force: true });
  }
  load.push(os.loadavg()[0]);
  const out = [
    `Growth, ${sizes.join(" → ")} tools, one run each (load ${f(load[0])} at start, ${f(load[1])} at end, ${os.cpus().length} cores; CPU = user + sys):`,
    "",
    "| N | build CPU s / wall s / peak MB | build writing its cache: CPU s / peak MB | lint CPU s / peak MB | tsc generated CPU s / peak MB | tsc types alone CPU s | tsc ratio | tsc generated `--noCheck` CPU s (ratio) | tsc types alone as `.ts` CPU s (ratio) | dispatch start-up CPU s / wall s / peak MB | validators / schemas bytes | generated folder MB |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.n} | ${f(r.build.cpu)} / ${f(r.build.wall)} / ${f(r.build.maxRssMb, 0)} | ${f(r.cached.cpu)} / ${f(r.cached.maxRssMb, 0)} | ${f(r.lint.cpu)} / ${f(r.lint.maxRssMb, 0)} | ` +
        `${f(r.tscGenerated.cpu)} / ${f(r.tscGenerated.maxRssMb, 0)} | ${f(r.tscAlone.cpu)} | ${f(r.tscGenerated.cpu / r.tscAlone.cpu)}x | ` +
        `${f(r.tscFloor.cpu)} (${f(r.tscFloor.cpu / r.tscAlone.cpu)}x) | ${f(r.tscAloneChecked.cpu)} (${f(r.tscGenerated.cpu / r.tscAloneChecked.cpu)}x) | ` +
        `${f(r.startup.cpu)} / ${f(r.startup.wall)} / ${f(r.startup.maxRssMb, 0)} | ` +
        `${f(r.sizes.validators / r.sizes.schemas)}x (${f(r.sizes.validators / 2 ** 20, 1)} MB / ${f(r.sizes.schemas / 2 ** 20, 1)} MB) | ${f(r.sizes.generated / 2 ** 20, 1)} |`,
    ),
    "",
    "Linear fit against N (least squares): intercept + slope per 1,000 tools, R².",
    "",
    "| figure | intercept | per 1,000 tools | R² |",
    "|---|---|---|---|",
  ];
  const xs = rows.map((r) => r.n);
  const series = {
    "build CPU s": rows.map((r) => r.build.cpu),
    "build peak MB": rows.map((r) => r.build.maxRssMb),
    "build writing its cache, peak MB": rows.map((r) => r.cached.maxRssMb),
    "lint CPU s": rows.map((r) => r.lint.cpu),
    "tsc generated CPU s": rows.map((r) => r.tscGenerated.cpu),
    "tsc generated peak MB": rows.map((r) => r.tscGenerated.maxRssMb),
    "dispatch start-up CPU s": rows.map((r) => r.startup.cpu),
    "dispatch start-up peak MB": rows.map((r) => r.startup.maxRssMb),
  };
  if (rows.length > 1) {
    for (const [name, all] of Object.entries(series)) {
      const ys = all.filter(Number.isFinite);
      const l = fit(xs.slice(0, ys.length), ys);
      out.push(`| ${name} | ${f(l.a)} | ${f(l.per1000)} | ${f(l.r2, 3)} |`);
    }
  }
  const last = rows[rows.length - 1];
  out.push(
    "",
    `Aims at N=${last.n}: validators ${f(last.sizes.validators / last.sizes.schemas)}x the schemas' bytes (aim ≤ 1x); ` +
      `tsc ${f(last.tscGenerated.cpu / last.tscAlone.cpu)}x the types alone (aim ≤ 2x; with no type-checking at all, ` +
      `${f(last.tscFloor.cpu / last.tscAlone.cpu)}x; against those types checked as \`.ts\`, ${f(last.tscGenerated.cpu / last.tscAloneChecked.cpu)}x); build peak ${f(last.build.maxRssMb, 0)} MB, ${f(last.cached.maxRssMb, 0)} MB while writing its cache (aim < 1536 MB).`,
  );
  process.stdout.write(`${out.join("\n")}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
