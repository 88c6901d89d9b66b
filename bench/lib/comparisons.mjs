/**
 * The comparisons of issue 5, in its order. Each takes the run's context
 * `{ opts, corpus: Map<N, { dir, schemas, standalone }>, spectralSkip }` and returns table rows
 * (and, for lint and build, the timed group the scaling rows reuse).
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { CommandFailed, log, timeGroup, timeNode } from "./measure.mjs";
import { ns, pairRow, scalingRow, times } from "./report.mjs";
import { compileGenerated, PATHS } from "./setup.mjs";

/**
 * Empties output folders before a timed run without deleting anything: they are moved into a
 * `.trash` folder beside them (a rename), and the whole work folder is deleted after every timing.
 * On this machine's disk (ext4 mounted with `discard`), creating thousands of files while the
 * blocks of thousands just deleted are being discarded costs up to ten times more, which would
 * charge one run's clean-up to the next run, more to whoever writes more files.
 */
let trashed = 0;
const emptied = (...dirs) => () => {
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const trash = path.join(path.dirname(dir), ".trash");
    mkdirSync(trash, { recursive: true });
    renameSync(dir, path.join(trash, `${path.basename(dir)}-${++trashed}`));
  }
};

/**
 * A project folder for the builds, with a `node_modules/` as a user's project has (toolgen is a
 * dev dependency there): toolgen keeps its build cache in the nearest `node_modules/.cache/toolgen`,
 * and without one it has nowhere to cache.
 */
function project(dir) {
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  return { dir, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: path.join(dir, "node_modules", ".cache") };
}

const floorCommand = (c) => ({ id: "floor", label: "lint floor", cwd: c.dir, args: [PATHS.floor, c.schemas] });

/**
 * 1. `toolgen lint`, cold, against the floor and against Spectral with the same three checks.
 * With `full: false`, only what the scaling rows need: toolgen and the floor, no rows.
 */
export function lint(ctx, { full = true } = {}) {
  const group = timeGroup("lint", ctx.opts.sizes, (size) => {
    const c = ctx.corpus.get(size);
    return [
      { id: "toolgen", label: "toolgen lint", cwd: c.dir, args: [PATHS.cli, "lint", "--schemas", c.schemas] },
      floorCommand(c),
      ...(full
        ? [{
            id: "spectral",
            label: "spectral lint",
            cwd: c.dir,
            skip: ctx.spectralSkip,
            args: [PATHS.spectral, "lint", `${c.schemas}/*.json`, "--ruleset", PATHS.spectralRuleset, "--resolver", PATHS.spectralResolver],
          }]
        : []),
    ];
  }, ctx.opts);
  const rows = [];
  if (full) {
    for (const size of ctx.opts.sizes) {
      rows.push(pairRow(group, size, "toolgen", "floor", { no: "1", what: "lint, cold, vs floor", aName: "toolgen lint", bName: "floor", target: "≤ 2x", check: (r) => r <= 2 }));
    }
    for (const size of ctx.opts.sizes) {
      rows.push(pairRow(group, size, "toolgen", "spectral", { no: "1", what: "lint, cold, vs Spectral", aName: "toolgen lint", bName: "Spectral", target: "≤ 0.067x (15x faster)", check: (r) => r <= 1 / 15 }));
    }
  }
  return { group, rows };
}

/**
 * 2. `toolgen build --no-cache` into empty folders, against json2ts's CLI writing the types alone.
 * With `full: false`, only toolgen's build (for the scaling rows), no rows.
 */
export function buildCold(ctx, { full = true } = {}) {
  const group = timeGroup("cold build", ctx.opts.sizes, (size) => {
    const c = ctx.corpus.get(size);
    const p = project(path.join(c.dir, "cold"));
    const json2ts = (id, label, outDir, extra) => ({
      id,
      label,
      cwd: c.dir,
      prepare: emptied(outDir),
      args: [PATHS.json2ts, "-i", `${c.standalone}/*.json`, "-o", outDir, ...extra],
    });
    return [
      {
        id: "toolgen",
        label: "toolgen build --no-cache",
        cwd: p.dir,
        prepare: emptied(p.out, p.handlers, p.cache),
        args: [PATHS.cli, "build", "--schemas", c.schemas, "--out", p.out, "--handlers", p.handlers, "--no-cache", ...ctx.opts.buildArgs],
      },
      ...(full
        ? [json2ts("json2ts", "json2ts", path.join(c.dir, "json2ts"), []), json2ts("json2tsRaw", "json2ts --no-format", path.join(c.dir, "json2ts-raw"), ["--no-format"])]
        : []),
    ];
  }, ctx.opts);
  const rows = [];
  if (full) {
    for (const size of ctx.opts.sizes) {
      rows.push(pairRow(group, size, "toolgen", "json2ts", { no: "2", what: "build, cold, vs json2ts CLI (types alone)", aName: "toolgen build", bName: "json2ts", target: "≤ 1.0x", check: (r) => r <= 1 }));
    }
    for (const size of ctx.opts.sizes) {
      rows.push(pairRow(group, size, "toolgen", "json2tsRaw", { no: "2", what: "build, cold, vs json2ts --no-format (context)", aName: "toolgen build", bName: "json2ts --no-format", target: "—" }));
    }
  }
  return { group, rows };
}

/** 3. `toolgen build` again with nothing changed (cache on, as a user runs it), against the lint floor. */
export function buildNoChange(ctx) {
  const group = timeGroup("no-change build", ctx.opts.sizes, (size) => {
    const c = ctx.corpus.get(size);
    const p = project(path.join(c.dir, "warm"));
    const args = [PATHS.cli, "build", "--schemas", c.schemas, "--out", p.out, "--handlers", p.handlers, ...ctx.opts.buildArgs];
    return [
      // setup: the build that every timed one repeats with nothing changed.
      { id: "toolgen", label: "toolgen build (no change)", cwd: p.dir, setup: () => timeNode(args, { cwd: p.dir, timeoutMs: ctx.opts.timeoutMs }), args },
      floorCommand(c),
    ];
  }, ctx.opts);
  return ctx.opts.sizes.map((size) =>
    pairRow(group, size, "toolgen", "floor", { no: "3", what: "build, no change, vs floor", aName: "toolgen build", bName: "floor", target: "≤ 3x", check: (r) => r <= 3 }),
  );
}

/** 4. Scaling from the smallest N to the largest, of lint and of the cold build, run by run. */
export function scaling(ctx, lintGroup, buildGroup) {
  const lo = ctx.opts.sizes[0];
  const hi = ctx.opts.sizes[ctx.opts.sizes.length - 1];
  return [
    scalingRow(lintGroup, lo, hi, "toolgen", { no: "4", what: "scaling, lint", name: "toolgen lint", floorId: "floor" }),
    scalingRow(buildGroup, lo, hi, "toolgen", { no: "4", what: "scaling, build, cold", name: "toolgen build" }),
  ];
}

/**
 * 5 and 6. Dispatch overhead per call and legacy parse throughput, in a fresh process (micro.mjs)
 * on the generated code of the corpus at opts.microN, compiled to JavaScript.
 */
export async function inProcess(ctx) {
  const n = ctx.opts.microN;
  const dispatchRow = { no: "5", what: "dispatch overhead per call", n, target: "≤ 2 µs/call over the handler" };
  const parseRow = { no: "6", what: "legacy parse, 100-invoke block", n, target: "—" };
  const rows = [];
  let micro;
  try {
    log(`in-process, N=${n}: toolgen build, then tsc of the generated code`);
    const index = await compileGenerated(ctx.corpus.get(n).schemas, path.join(ctx.corpus.get(n).dir, "micro"), ctx.opts.timeoutMs);
    log("in-process: dispatch and legacy parse (micro.mjs)");
    const { microRounds, microRoundMs, microWarmupMs, timeoutMs } = ctx.opts;
    const args = [PATHS.micro, "--index", index, "--rounds", String(microRounds), "--round-ms", String(microRoundMs), "--warmup-ms", String(microWarmupMs)];
    const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 26, timeout: timeoutMs });
    if (result.status !== 0) throw new CommandFailed(`micro.mjs exit ${result.status ?? result.signal}: ${(result.stderr ?? "").trim().split("\n").slice(0, 4).join(" | ")}`);
    micro = JSON.parse(result.stdout);
  } catch (error) {
    const verdict = `failed: ${error instanceof CommandFailed ? error.message : (error.stack ?? String(error))}`;
    if (ctx.opts.only.has("dispatch")) rows.push({ ...dispatchRow, verdict });
    if (ctx.opts.only.has("parse")) rows.push({ ...parseRow, verdict });
    return rows;
  }
  if (ctx.opts.only.has("dispatch")) {
    const d = micro.dispatch;
    rows.push({
      ...dispatchRow,
      a: `dispatch() ${ns(d.dispatchMedianNs)}/call`,
      b: `direct handler call ${ns(d.directMedianNs)}/call`,
      ratio: `+${ns(d.overheadMedianNs)}/call`,
      runs: `${d.dispatchNs.length} rounds × ${d.iterations} calls`,
      verdict: d.overheadMedianNs <= 2000 ? "meets" : "misses",
    });
  }
  if (ctx.opts.only.has("parse")) {
    const p = micro.parse;
    const rate = (t) => `${(p.bytes / t * 1e3).toFixed(1)} MB/s`;
    rows.push({
      ...parseRow,
      what: `legacy parse, ${p.invokes}-invoke block (${(p.bytes / 1024).toFixed(0)} KiB)`,
      a: `parseFunctionCalls ${ns(p.toolgenMedianNs)}/block (${rate(p.toolgenMedianNs)})`,
      b: `fast-xml-parser ${ns(p.fxpMedianNs)}/block (${rate(p.fxpMedianNs)})`,
      ratio: times(p.ratioMedian),
      runs: `${p.toolgenNs.length} rounds × ${p.iterations} blocks`,
      verdict: "(no target)",
    });
  }
  return rows;
}

/**
 * 7. lint's three command-line forms (issue 9), each against the floor in the same run: the
 * schemas folder as a positional argument, as `--schemas`, and every file of it named one by one
 * (as a pre-commit hook passes them).
 */
export function lintForms(ctx) {
  const group = timeGroup("lint forms", ctx.opts.sizes, (size) => {
    const c = ctx.corpus.get(size);
    const files = readdirSync(c.schemas).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(c.schemas, f));
    return [
      { id: "dir", label: "toolgen lint DIR", cwd: c.dir, args: [PATHS.cli, "lint", c.schemas] },
      { id: "schemas", label: "toolgen lint --schemas DIR", cwd: c.dir, args: [PATHS.cli, "lint", "--schemas", c.schemas] },
      { id: "files", label: `toolgen lint FILE x${files.length}`, cwd: c.dir, args: [PATHS.cli, "lint", ...files] },
      floorCommand(c),
    ];
  }, ctx.opts);
  const rows = [];
  for (const size of ctx.opts.sizes) {
    for (const [id, what, aName] of [
      ["dir", "lint DIR (positional), vs floor", "toolgen lint DIR"],
      ["schemas", "lint --schemas DIR, vs floor", "toolgen lint --schemas DIR"],
      ["files", "lint FILE... (every file named), vs floor", "toolgen lint FILE..."],
    ]) {
      rows.push(pairRow(group, size, id, "floor", { no: "7", what, aName, bName: "floor", target: "≤ 2x", check: (r) => r <= 2 }));
    }
    // The same runs' CPU time (every thread: V8 compiles and collects garbage on others), what a
    // loaded machine pays; the target is the wall-clock ratio above, this is context.
    for (const [id, what, aName] of [
      ["dir", "lint DIR, CPU time, vs floor", "toolgen lint DIR"],
      ["schemas", "lint --schemas DIR, CPU time, vs floor", "toolgen lint --schemas DIR"],
      ["files", "lint FILE..., CPU time, vs floor", "toolgen lint FILE..."],
    ]) {
      rows.push(pairRow(group, size, id, "floor", { no: "7c", what, aName, bName: "floor", target: "—", cpu: true }));
    }
  }
  return rows;
}

/**
 * 8. Start-up: `toolgen --version` and `toolgen lint` of a folder holding one tool, against
 * `node -e ""` (Node's own start-up, the least any command line costs). Not a ratio with a target:
 * the figures before and after a change to the command line are what to compare.
 */
export function startup(ctx) {
  const size = ctx.opts.sizes[0];
  const c = ctx.corpus.get(size);
  const one = path.join(c.dir, "one-tool");
  mkdirSync(one, { recursive: true });
  const first = readdirSync(c.schemas).filter((f) => f.endsWith(".json")).sort()[0];
  copyFileSync(path.join(c.schemas, first), path.join(one, first));
  const group = timeGroup("start-up", [size], () => [
    { id: "version", label: "toolgen --version", cwd: c.dir, args: [PATHS.cli, "--version"] },
    { id: "lint1", label: "toolgen lint (1 tool)", cwd: c.dir, args: [PATHS.cli, "lint", "--schemas", one], okCodes: [0, 1] },
    { id: "node", label: 'node -e ""', cwd: c.dir, args: ["-e", ""] },
  ], { ...ctx.opts, runs: Math.max(ctx.opts.runs, ctx.opts.smoke ? 1 : 11) });
  return [
    pairRow(group, size, "version", "node", { no: "8", what: "start-up: --version, vs node -e \"\"", aName: "toolgen --version", bName: "node", target: "—" }),
    pairRow(group, size, "lint1", "node", { no: "8", what: "start-up: lint of 1 tool, vs node -e \"\"", aName: "toolgen lint", bName: "node", target: "—" }),
  ].map((row) => ({ ...row, n: 1 }));
}

/**
 * 9. A generated validator per call against Ajv's `compile()`d function for the same schema (issue 39:
 * median ≤ 1.5x over the seed and bench tools, valid and invalid inputs, CPU time, one process,
 * alternating), and dispatch's overhead over that validator (≤ 1 µs). Runs bench/validate.mjs.
 */
export function validatePerCall(ctx) {
  const row = { no: "9", what: "validate per call vs Ajv compile(), median of valid+invalid", n: "—", target: "≤ 1.5x" };
  const dispatchRow = { no: "9d", what: "dispatch overhead over the validator", n: "—", target: "≤ 1 µs/call" };
  const { smoke, timeoutMs } = ctx.opts;
  const args = [PATHS.validate, ...(smoke ? ["--tools", "2", "--rounds", "1", "--round-ms", "2", "--warmup-ms", "5"] : [])];
  log(`validate per call: ${args.slice(1).join(" ") || "defaults"}`);
  const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 26, timeout: timeoutMs });
  if (result.status !== 0) {
    const verdict = `failed: validate.mjs exit ${result.status ?? result.signal}: ${(result.stderr ?? "").trim().split("\n").slice(0, 4).join(" | ")}`;
    return [{ ...row, verdict }, { ...dispatchRow, verdict }];
  }
  const r = JSON.parse(result.stdout);
  const cases = r.cases.length;
  return [
    {
      ...row,
      a: `toolgen ${ns(r.toolgenValidNsMedian)}/call (valid, median)`,
      b: `Ajv ${ns(r.ajvValidNsMedian)}/call`,
      ratio: `${times(r.ratioMedian)} (valid ${times(r.ratioValidMedian)}, invalid ${times(r.ratioInvalidMedian)}, max ${times(r.ratioMax)})`,
      runs: `${cases} cases`,
      verdict: r.ratioMedian <= 1.5 ? "meets" : "misses",
    },
    {
      ...dispatchRow,
      a: `dispatch() ${ns(median(r.dispatch.map((d) => d.dispatchNs)))}/call`,
      b: `validate + handler ${ns(median(r.dispatch.map((d) => d.directNs)))}/call`,
      ratio: `+${ns(r.dispatchOverheadMedianNs)}/call`,
      runs: `${r.dispatch.length} tools`,
      verdict: r.dispatchOverheadMedianNs <= 1000 ? "meets" : "misses",
    },
  ];
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * 10. `toolgen diff` of two versions of the corpus (every tenth tool changed: a description, a
 * parameter removed), against its floor (bench/diff-floor.mjs: read, parse, pair by name,
 * deep-equal): between two folders, and between two git revisions of one repository (the floor
 * reads them with `git cat-file --batch`). CPU time, every thread and child (git) included; issue
 * 39's goal is ≤ 3x.
 */
export function diff(ctx) {
  const group = timeGroup("diff", ctx.opts.sizes, (size) => {
    const c = ctx.corpus.get(size);
    const dir = path.join(c.dir, "diff");
    const head = path.join(dir, "head");
    const repo = path.join(dir, "repo");
    const git = (...args) => {
      const r = spawnSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=bench", ...args], { cwd: repo, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`git ${args[0]}: ${r.stderr}`);
    };
    const setup = () => {
      if (existsSync(head)) return;
      cpSync(c.schemas, head, { recursive: true });
      const files = readdirSync(head).filter((f) => f.endsWith(".json")).sort();
      files.forEach((f, k) => {
        if (k % 10 !== 0) return;
        const tool = JSON.parse(readFileSync(path.join(head, f), "utf8"));
        tool.description += " It is now also audited.";
        const names = Object.keys(tool.input_schema.properties ?? {});
        if (k % 20 === 0 && names.length > 1) {
          const gone = names[names.length - 1];
          delete tool.input_schema.properties[gone];
          if (Array.isArray(tool.input_schema.required)) tool.input_schema.required = tool.input_schema.required.filter((n) => n !== gone);
        }
        writeFileSync(path.join(head, f), JSON.stringify(tool, null, 2) + "\n");
      });
      mkdirSync(repo, { recursive: true });
      git("init", "-q");
      cpSync(c.schemas, path.join(repo, "schemas"), { recursive: true });
      git("add", "-A");
      git("commit", "-qm", "base");
      cpSync(head, path.join(repo, "schemas"), { recursive: true });
      git("add", "-A");
      git("commit", "-qm", "head");
    };
    const diffArgs = ["--format", "json", "--fail-on", "none"];
    return [
      { id: "folders", label: "toolgen diff DIR DIR", cwd: c.dir, setup, args: [PATHS.cli, "diff", c.schemas, head, ...diffArgs] },
      { id: "floor", label: "diff floor DIR DIR", cwd: c.dir, args: [PATHS.diffFloor, c.schemas, head] },
      { id: "git", label: "toolgen diff REV REV", cwd: repo, args: [PATHS.cli, "diff", "HEAD~1", "HEAD", ...diffArgs] },
      { id: "gitFloor", label: "diff floor --git REV REV", cwd: repo, args: [PATHS.diffFloor, "--git", "HEAD~1", "HEAD", "schemas"] },
    ];
  }, ctx.opts);
  const rows = [];
  for (const size of ctx.opts.sizes) {
    rows.push(pairRow(group, size, "folders", "floor", { no: "10", what: "diff, two folders, vs floor (CPU)", aName: "toolgen diff", bName: "floor", target: "≤ 3x", check: (r) => r <= 3, cpu: true }));
    rows.push(pairRow(group, size, "git", "gitFloor", { no: "10", what: "diff, two git revisions, vs floor (CPU)", aName: "toolgen diff", bName: "floor", target: "≤ 3x", check: (r) => r <= 3, cpu: true }));
  }
  return rows;
}
