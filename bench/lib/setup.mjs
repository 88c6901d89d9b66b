/** What the comparisons need before anything is timed: a current dist/, Spectral, compiled generated code. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CommandFailed, log, timeNode } from "./measure.mjs";

export const BENCH = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const ROOT = path.dirname(BENCH);
export const PATHS = {
  cli: path.join(ROOT, "dist", "bin", "toolgen.cjs"),
  bundle: path.join(ROOT, "cli", "bundle.mjs"),
  tsc: path.join(ROOT, "node_modules", "typescript", "bin", "tsc"),
  json2ts: path.join(ROOT, "node_modules", "json-schema-to-typescript", "dist", "src", "cli.js"),
  spectral: path.join(BENCH, "node_modules", "@stoplight", "spectral-cli", "dist", "index.js"),
  spectralRuleset: path.join(BENCH, "spectral-ruleset.yaml"),
  spectralResolver: path.join(BENCH, "spectral-resolver.cjs"),
  floor: path.join(BENCH, "lint-floor.mjs"),
  diffFloor: path.join(BENCH, "diff-floor.mjs"),
  micro: path.join(BENCH, "micro.mjs"),
  validate: path.join(BENCH, "validate.mjs"),
  results: path.join(BENCH, "RESULTS.md"),
};

/** Rebuilds dist/ when it is missing or older than a source file (type errors do not stop tsc's emit). */
export function ensureDist(rebuild) {
  const newest = (dir) => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) latest = Math.max(latest, newest(full));
      else if (entry.name.endsWith(".ts")) latest = Math.max(latest, statSync(full).mtimeMs);
    }
    return latest;
  };
  const sources = Math.max(newest(path.join(ROOT, "src")), newest(path.join(ROOT, "cli")));
  const stale = !existsSync(PATHS.cli) || statSync(PATHS.cli).mtimeMs < sources;
  if (stale && rebuild) {
    log("dist/ is missing or older than src/ or cli/: running `npm run build` (tsc, then cli/bundle.mjs)");
    const result = spawnSync(process.execPath, [PATHS.tsc, "-p", "tsconfig.build.json"], { cwd: ROOT, encoding: "utf8" });
    if (result.status !== 0) log(`tsc reported errors (dist/ was emitted anyway):\n${(result.stdout ?? "").split("\n").slice(0, 10).join("\n")}`);
    const bundled = spawnSync(process.execPath, [PATHS.bundle], { cwd: ROOT, encoding: "utf8" });
    if (bundled.status !== 0) throw new Error(`cli/bundle.mjs failed:\n${bundled.stderr}`);
  } else if (stale) {
    log("warning: dist/ is older than src/ or cli/ (--no-rebuild): the figures may not describe the current code");
  }
  if (!existsSync(PATHS.cli)) throw new Error("dist/bin/toolgen.cjs does not exist: run `npm run build` first");
}

/** Installs bench/package.json's packages (Spectral) unless present. Returns why it could not, or undefined. */
export function ensureSpectral() {
  if (existsSync(PATHS.spectral)) return undefined;
  const command = existsSync(path.join(BENCH, "package-lock.json")) ? "ci" : "install";
  log(`installing Spectral into bench/node_modules (npm ${command} --prefix bench)`);
  const result = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", [command, "--prefix", BENCH, "--no-audit", "--no-fund"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (result.status === 0 && existsSync(PATHS.spectral)) return undefined;
  const last = (result.error?.message ?? result.stderr ?? "").trim().split("\n").slice(-1)[0];
  return `could not be installed (${last || `npm exit ${result.status}`})`;
}

/**
 * Builds the corpus in `schemasDir` into `dir/generated` and `dir/handlers`, then compiles both to
 * JavaScript in `dir/js` with the repo's TypeScript. Returns the path of the compiled index.js.
 */
export async function compileGenerated(schemasDir, dir, timeoutMs) {
  await mkdir(dir, { recursive: true });
  const generated = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  const step = (what, args) => {
    try {
      timeNode(args, { cwd: dir, timeoutMs });
    } catch (error) {
      throw new CommandFailed(`${what}: ${error.message}`);
    }
  };
  step("toolgen build", [PATHS.cli, "build", "--schemas", schemasDir, "--out", generated, "--handlers", handlers, "--no-cache", "--no-lint"]);
  // NodeNext emits ES modules when the package.json beside the sources says so.
  await writeFile(path.join(dir, "package.json"), `{ "type": "module", "private": true }\n`);
  const tsconfig = {
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      outDir: "js",
      rootDir: ".",
      skipLibCheck: true,
      types: [],
      // The test suite typechecks generated code; here only the JavaScript is wanted.
      noCheck: true,
      // The validators are plain .mjs (with a .d.mts): copied to outDir with the rest.
      allowJs: true,
    },
    include: ["generated/**/*.ts", "generated/**/*.mjs", "handlers/**/*.ts"],
  };
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2) + "\n");
  step("tsc of the generated code", [PATHS.tsc, "-p", path.join(dir, "tsconfig.json")]);
  await writeFile(path.join(dir, "js", "package.json"), `{ "type": "module", "private": true }\n`);
  return path.join(dir, "js", "generated", "index.js");
}
