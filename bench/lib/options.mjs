/** The harness's flags (see bench/README.md). */
import { parseArgs } from "node:util";

export const COMPARISONS = ["lint", "build", "nochange", "scaling", "dispatch", "parse", "forms", "startup", "validate", "diff"];

export const USAGE = `Usage: npm run bench -- [options]

  --sizes 1000,5000     corpus sizes N (tool i is the same file at every N)
  --runs 5              timed runs per comparison, after the warm-up
  --runs-large 3        timed runs at N >= --large (the slow sizes)
  --large 5000          from which N --runs-large applies
  --warmup 1            warm-up runs (untimed), at the smallest size
  --only LIST           comparisons to run, of ${COMPARISONS.join(",")} (default: all)
  --micro-n N           corpus size for dispatch and parse (default: the smallest of --sizes)
  --micro-rounds 9      rounds of the in-process benchmarks (dispatch, parse)
  --micro-round-ms 100  length of one such round
  --no-spectral         skip Spectral (otherwise installed into bench/node_modules on first use)
  --build-arg ARG       extra argument for every timed \`toolgen build\` (repeatable)
  --no-rebuild          do not rebuild a stale dist/ (it must exist)
  --cli PATH            time this toolgen CLI instead of dist/bin/toolgen.cjs (say, a built copy
                        of another revision; dist/ is then left alone)
  --no-write            print the table only; do not append it to bench/RESULTS.md
  --keep                keep the temporary work folder (its path is printed)
  --timeout 900         seconds before one process is killed
  --smoke               the test suite's run: --sizes 10,20 --runs 1 --warmup 0, short
                        in-process rounds, and --no-write
`;

export function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: "string" },
      runs: { type: "string" },
      "runs-large": { type: "string" },
      large: { type: "string" },
      warmup: { type: "string" },
      only: { type: "string" },
      "micro-n": { type: "string" },
      "micro-rounds": { type: "string" },
      "micro-round-ms": { type: "string" },
      "no-spectral": { type: "boolean", default: false },
      "build-arg": { type: "string", multiple: true, default: [] },
      "no-rebuild": { type: "boolean", default: false },
      cli: { type: "string" },
      "no-write": { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      timeout: { type: "string" },
      smoke: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const smoke = values.smoke;
  const int = (name, fallback, min = 0) => {
    const raw = values[name] ?? String(fallback);
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) usage(`--${name} must be an integer >= ${min}, not '${raw}'`);
    return n;
  };
  const sizes = (values.sizes ?? (smoke ? "10,20" : "1000,5000")).split(",").map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n < 1) usage(`--sizes takes positive integers, not '${s}'`);
    return n;
  });
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  const only = values.only ? values.only.split(",").map((s) => s.trim()) : COMPARISONS;
  for (const c of only) if (!COMPARISONS.includes(c)) usage(`--only: unknown comparison '${c}' (known: ${COMPARISONS.join(", ")})`);
  return {
    smoke,
    sizes: sorted,
    runs: int("runs", smoke ? 1 : 5, 1),
    runsLarge: int("runs-large", smoke ? 1 : 3, 1),
    large: int("large", 5000, 1),
    warmup: int("warmup", smoke ? 0 : 1),
    only: new Set(only),
    microN: int("micro-n", sorted[0], 1),
    microRounds: int("micro-rounds", smoke ? 2 : 9, 1),
    microRoundMs: int("micro-round-ms", smoke ? 5 : 100, 1),
    microWarmupMs: smoke ? 10 : 1000,
    spectral: !values["no-spectral"],
    buildArgs: values["build-arg"],
    rebuild: !values["no-rebuild"],
    cli: values.cli,
    write: !values["no-write"] && !smoke,
    keep: values.keep,
    timeoutMs: int("timeout", 900, 1) * 1000,
    argv,
  };
}

function usage(message) {
  process.stderr.write(`bench: ${message}\n\n${USAGE}`);
  process.exit(2);
}
