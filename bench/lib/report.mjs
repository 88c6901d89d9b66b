/** Turning timings into table rows, and the table and machine description into text. */
import os from "node:os";
import { median, perRunRatios } from "./measure.mjs";

export const secs = (s) => (s >= 10 ? `${s.toFixed(1)} s` : s >= 1 ? `${s.toFixed(2)} s` : `${s.toFixed(3)} s`);
export const times = (x) => (x >= 100 ? `${x.toFixed(0)}x` : x >= 10 ? `${x.toFixed(1)}x` : `${x.toFixed(2)}x`);
export const ns = (x) => (x >= 10000 ? `${(x / 1000).toFixed(1)} µs` : `${Math.round(x)} ns`);

/** The median of per-run ratios, with their spread when there are several. */
function ratioCell(ratios) {
  const spread = ratios.length > 1 ? ` (${times(Math.min(...ratios))}–${times(Math.max(...ratios))})` : "";
  return `${times(median(ratios))}${spread}`;
}

/** Why a row has no figures: a command skipped ("not run: ...") or failed. */
function problemVerdict(problem, who) {
  return problem.startsWith("not run") ? problem : `failed (${who}): ${problem}`;
}

/**
 * A row comparing commands `a` and `b` of a timed group at one size.
 * `spec`: `{ no, what, aName, bName, target, check?(ratio), cpu? }`: with `cpu`, their CPU times
 * (user + system, every thread) instead of their wall times.
 */
export function pairRow(group, size, a, b, spec) {
  const entry = group.get(size);
  const row = { no: spec.no, what: spec.what, n: size, target: spec.target };
  for (const [id, name] of [[a, spec.aName], [b, spec.bName]]) {
    if (entry.errors.has(id)) return { ...row, verdict: problemVerdict(entry.errors.get(id), name) };
  }
  const measured = spec.cpu ? entry.cpu : entry.times;
  if (measured.get(a).every((x) => x === undefined)) return { ...row, verdict: "not measured: no /proc to read CPU time from" };
  const ratios = perRunRatios(measured.get(a), measured.get(b));
  return {
    ...row,
    a: `${spec.aName} ${secs(median(measured.get(a)))}`,
    b: `${spec.bName} ${secs(median(measured.get(b)))}`,
    ratio: ratioCell(ratios),
    runs: String(ratios.length),
    verdict: spec.check ? (spec.check(median(ratios)) ? "meets" : "misses") : "(no target)",
  };
}

/**
 * A row for how command `id` of a group scales from size `lo` to `hi` (its time at hi over its
 * time at lo, run by run); target: at most 1.1x linear. With `floorId`, the floor's own scaling
 * is shown for reference.
 */
export function scalingRow(group, lo, hi, id, spec) {
  const linear = hi / lo;
  const row = { no: spec.no, what: `${spec.what}, N=${hi} / N=${lo}`, n: `${lo}→${hi}`, target: `≤ ${times(linear * 1.1)} (linear ${times(linear)})` };
  if (lo === hi) return { ...row, verdict: "not run: needs two sizes (--sizes)" };
  const problem = group.get(lo).errors.get(id) ?? group.get(hi).errors.get(id);
  if (problem) return { ...row, verdict: problemVerdict(problem, spec.name) };
  const scaling = (cmd) => perRunRatios(group.get(hi).times.get(cmd), group.get(lo).times.get(cmd));
  const ratios = scaling(id);
  const floorOk = spec.floorId && !group.get(lo).errors.has(spec.floorId) && !group.get(hi).errors.has(spec.floorId);
  return {
    ...row,
    a: `${spec.name} ${secs(median(group.get(lo).times.get(id)))} → ${secs(median(group.get(hi).times.get(id)))}`,
    b: floorOk ? `floor scales ${times(median(scaling(spec.floorId)))}` : undefined,
    ratio: ratioCell(ratios),
    runs: String(ratios.length),
    verdict: median(ratios) <= linear * 1.1 ? "meets" : "misses",
  };
}

export function renderTable(rows) {
  const head = ["#", "comparison", "N", "toolgen", "comparison run", "ratio", "target", "verdict", "runs"];
  const cell = (s) => String(s ?? "—").replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const r of rows) lines.push(`| ${[r.no, r.what, r.n, r.a, r.b, r.ratio, r.target, r.verdict, r.runs].map(cell).join(" | ")} |`);
  return lines.join("\n");
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: (cpus[0]?.model ?? "unknown CPU").replace(/\s+/g, " ").trim(),
    cores: cpus.length,
    memGiB: os.totalmem() / 2 ** 30,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    load: os.loadavg().map((x) => x.toFixed(2)).join(", "),
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  };
}

/** The heading and notes that go above a table in RESULTS.md. */
export function describeRun(opts, m, seconds) {
  const args = opts.argv.length ? ` -- ${opts.argv.join(" ")}` : "";
  return [
    `## ${m.date}: ${m.cpu}, ${m.cores} cores`,
    "",
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memGiB.toFixed(1)} GiB RAM, ${m.os}, Node ${m.node}; load average at start ${m.load}.`,
    `- Command: \`npm run bench${args}\` (${Math.round(seconds)} s in all). N = ${opts.sizes.join(", ")}; ${opts.warmup} warm-up run(s) at N=${opts.sizes[0]}, ` +
      `then ${opts.runs} timed run(s) (${opts.runsLarge} at N ≥ ${opts.large}), the commands alternating run by run.` +
      (opts.buildArgs.length ? ` Extra \`toolgen build\` arguments: \`${opts.buildArgs.join(" ")}\`.` : "") +
      (opts.cli ? ` toolgen: \`${opts.cli}\`.` : ""),
    `- Ratio: toolgen's time over the comparison's, the median of the per-run ratios (min–max in brackets). Times: medians of whole-process wall clock.` +
      (opts.only.has("dispatch") || opts.only.has("parse") ? ` Dispatch and parse: in-process, medians of ${opts.microRounds} alternating rounds.` : ""),
  ].join("\n");
}
