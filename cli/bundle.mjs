#!/usr/bin/env node
/**
 * Bundles tsc's output of the command line (dist/cli/main.js and everything of toolgen's it
 * reaches, yargs included) into CommonJS: the `toolgen` that package.json's `bin` runs. Bundled,
 * because Node 20 loads ES modules one by one (a loader round trip each) and a pre-commit hook runs
 * `toolgen lint` on every commit; CommonJS, because Node loads it synchronously. Modules reached
 * through a dynamic import (each command's implementation, the generators) are bundled in but
 * initialised only when that import runs. Other packages stay external, required from
 * node_modules only when used: the generators' (ts-morph, typescript, handlebars) by `toolgen build`
 * alone. json-schema-to-typescript is the exception: it is bundled into the second file (see
 * GENERATOR below).
 *
 * Two files, so that `toolgen lint` compiles only what it runs (see splitPlugins below):
 * dist/bin/toolgen-main.cjs holds the command line and the lint path; dist/bin/toolgen-more.cjs holds
 * the rest (the other commands and the generators), required the first time one of them is imported.
 * The bin itself, dist/bin/toolgen.cjs, is cli/launch.cjs: it runs both files with V8's compiled
 * code of an earlier run (see there), so neither holds an `import()` (a package they load on demand
 * is required), which a script run from that code could not resolve on Node 20. Beside them,
 * THIRD-PARTY-LICENSES.txt names each package bundled in, with its licence.
 *
 * `npm run build` (scripts/build.mjs, which the tests' global setup runs too) runs this after tsc.
 * The library (`dist/src/index.js`) is tsc's output, unbundled. The output is deterministic.
 *
 *   node cli/bundle.mjs
 */
import { createHash } from "node:crypto";
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Packages bundled into the bin rather than required: the command line's parser and what it needs. */
const BUNDLED = /^(yargs|yargs-parser|y18n|cliui|escalade|get-caller-file|string-width|strip-ansi|ansi-regex|emoji-regex|get-east-asian-width|wrap-ansi|ansi-styles)(\/|$)/;

/**
 * Packages of the help text's layout, each a default-exported function, that do costly work when
 * their module loads. string-width (yargs, cliui and wrap-ansi each import a copy) builds
 * Unicode-property regular expressions (`\p{RGI_Emoji}` and the like) and an Intl.Segmenter: the
 * largest part of loading yargs, for a function only the help text's layout calls. wrap-ansi (which
 * cliui imports) loads ansi-styles, which builds its tables of every colour and style; only cliui's
 * layout of the help calls it. Each import of them gets a stand-in that loads the real module
 * (bundled, initialised on first call) when the function is first called. Same results, paid only
 * by `--help` and usage errors.
 */
const LAZY_DEFAULTS = /^(string-width|wrap-ansi)$/;

const lazyDefaults = {
  name: "lazy-defaults",
  setup(b) {
    b.onResolve({ filter: LAZY_DEFAULTS }, async (args) => {
      if (args.pluginData === "real") return undefined;
      const real = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: "real" });
      if (real.errors.length > 0) return { errors: real.errors };
      // Named by its path under the repository: the bin carries no path of the machine that built it.
      return { path: path.relative(ROOT, real.path).split(path.sep).join("/"), namespace: "lazy-default" };
    });
    b.onLoad({ filter: /.*/, namespace: "lazy-default" }, (args) => ({
      resolveDir: path.dirname(path.join(ROOT, args.path)),
      contents:
        `let real;\n` +
        `export default function lazyDefault(...args) {\n` +
        `  real ??= require(${JSON.stringify("./" + path.posix.basename(args.path))}).default;\n` +
        `  return real(...args);\n` +
        `}\n`,
    }));
  },
};

/**
 * Kept for what it leaves alone, not for speed: loading node:assert (which yargs' platform shim
 * imports) builds process.stderr, and building a stdio stream on a pipe makes that pipe, shared with
 * the parent, non-blocking (test/cli/std-output.test.ts holds that lint builds neither stream).
 * The stand-in makes the same checks (Object.is, as node:assert's strict comparisons do) and throws a
 * plain Error shaped like node's AssertionError (name, code ERR_ASSERTION, actual, expected,
 * operator; yargs only catches it, and never tests its class).
 */
const lazyAssert = {
  name: "lazy-assert",
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]/.test(args.importer) ? { path: "assert", namespace: "lazy-assert" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy-assert" }, () => ({
      contents: `
function fail(actual, expected, message, operator, wanted) {
  if (message instanceof Error) throw message;
  const error = new Error(message ?? \`Expected values to be \${wanted}: \${String(actual)}\`);
  Object.assign(error, { name: "AssertionError", code: "ERR_ASSERTION", actual, expected, operator, generatedMessage: message === undefined });
  throw error;
}
export function notStrictEqual(actual, expected, message) {
  if (Object.is(actual, expected)) fail(actual, expected, message, "notStrictEqual", "strictly unequal");
}
export function strictEqual(actual, expected, message) {
  if (!Object.is(actual, expected)) fail(actual, expected, message, "strictEqual", "strictly equal");
}
`,
    }));
  },
};

/**
 * Kept for what it leaves alone, not for speed: yargs' platform shim reads `process.stdout.columns`
 * when it loads, and reading `process.stdout` builds Node's stream for descriptor 1, which makes a
 * pipe shared with the parent non-blocking; toolgen writes its reports to the descriptor itself
 * (src/std-output.ts). The shim's `stdColumns` becomes a getter, read when yargs lays out its help.
 * The build fails if the shim no longer reads it so.
 */
const lazyStdColumns = {
  name: "lazy-std-columns",
  setup(b) {
    b.onLoad({ filter: /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const eager = "stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null";
      if (!source.includes(eager)) return { errors: [{ text: `lazy-std-columns: ${args.path} no longer reads stdColumns as expected` }] };
      return { contents: source.replace(eager, `get stdColumns() { return ${eager.slice("stdColumns: ".length)}; }`), loader: "js" };
    });
  },
};

/**
 * json-schema-to-typescript (the generators' type compiler) is bundled into the second file with
 * the packages it requires, so that its import of prettier can wait: its formatter requires
 * prettier when it loads, and prettier then imports its 680 kB ES module, though toolgen compiles
 * with `format: false` and formats only a type that src/emit/type-layout.ts cannot lay out. The
 * stand-in requires prettier, from where json-schema-to-typescript would, on the first `format()`.
 * Until json-schema-to-typescript loads prettier lazily itself (its issue 679, pull request 697).
 */
// Issue 22: a cold `toolgen build` of 10 tools, 0.30 -> 0.22 s of CPU; of 100, 0.76 -> 0.69 s (bench/cold-build-cpu.mjs, bench/RESULTS.md 2026-11-27).
const GENERATOR = /^json-schema-to-typescript(\/|$)/;

const laterPrettier = {
  name: "later-prettier",
  setup(b) {
    b.onResolve({ filter: /^prettier$/ }, (args) =>
      /[\\/]node_modules[\\/]json-schema-to-typescript[\\/]/.test(args.importer) ? { path: "prettier", namespace: "later-prettier" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "later-prettier" }, () => ({
      contents:
        `const { createRequire } = require("node:module");\n` +
        `let real;\n` +
        `const fromTypeCompiler = () => createRequire(createRequire(__filename).resolve("json-schema-to-typescript"));\n` +
        `const prettier = () => (real ??= fromTypeCompiler()("prettier"));\n` +
        `exports.format = (...args) => prettier().format(...args);\n`,
    }));
  },
};

/** Whether `importer` is a file of a package bundled in (every file esbuild reads under node_modules is: the others are external). */
const inBundledPackage = (importer) => /[\\/]node_modules[\\/]/.test(importer);

/** The bin's path under `root` (cli/launch.cjs, which runs the main file). */
export function binPath(root = ROOT) {
  return path.join(root, "dist", "bin", "toolgen.cjs");
}

/** The main file's path under `root`: the command line and the lint path, bundled. */
export function mainPath(root = ROOT) {
  return path.join(root, "dist", "bin", "toolgen-main.cjs");
}

/** The second file's name, beside the bin. */
// Issue 22: a lint compiles 616 kB, not 955 kB: 36-55 M fewer instructions, 6-11 ms less CPU a run (bench/RESULTS.md, 2026-11-27).
const MORE = "toolgen-more.cjs";

/** The second file's path under `root`: the other commands and the generators, bundled. */
export function morePath(root = ROOT) {
  return path.join(path.dirname(binPath(root)), MORE);
}

/** The key of a build of the two files: the sha256 of the main file's text, a NUL, and the second file's. */
export function buildKey(mainText, moreText) {
  return createHash("sha256").update(mainText).update("\0").update(moreText).digest("hex");
}

/** The bin's text: cli/launch.cjs with the build's key (which keys the compiled code it keeps of both files). */
export function launcherText(mainText, moreText, root = ROOT) {
  const template = readFileSync(path.join(root, "cli", "launch.cjs"), "utf8");
  const placeholder = "__TOOLGEN_BUILD_SHA256__";
  if (template.split(placeholder).length !== 2) throw new Error(`cli/launch.cjs must name ${placeholder} once`);
  return template.replace(placeholder, buildKey(mainText, moreText));
}



/**
 * What `toolgen lint` may run, each with everything it imports statically: the command line (and so
 * every command's flags and help), the lint command, the failure report, and what a lint loads on
 * demand (a YAML file, a JSON syntax error, a schema the draft-07 fast path cannot vouch for,
 * asynchronous reads, the toolsets' caps). These go into the bin; everything else into MORE.
 */
const LINT_PATH = [
  "dist/cli/main.js",
  "dist/src/commands/lint.js",
  "dist/src/report/failure.js",
  "dist/src/report/plain.js",
  "dist/src/load/read-async.js",
  "dist/src/load/yaml.js",
  "dist/src/load/json-syntax.js",
  "dist/src/lint/meta/validators.js",
  "dist/src/toolsets/index.js",
];

/** esbuild's options for the whole command line as one file (the split's starting point; see bundlePlan). */
export function bundleOptions(root = ROOT) {
  return {
    absWorkingDir: root,
    entryPoints: [path.join(root, "dist", "cli", "main.js")],
    outfile: mainPath(root),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    logLevel: "warning",
    plugins: [
      lazyDefaults,
      lazyAssert,
      lazyStdColumns,
      laterPrettier,
      {
        name: "externals",
        // Every package but the parser's and the type compiler's (with what they require) stays in
        // node_modules; so does the bin's second file.
        setup: (b) =>
          b.onResolve({ filter: /^[^./]|^\.\/toolgen-more\.cjs$/ }, (args) =>
            args.path.startsWith("node:") || BUNDLED.test(args.path) || GENERATOR.test(args.path) || inBundledPackage(args.importer)
              ? undefined
              : { path: args.path, external: true },
          ),
      },
    ],
    // The modules that find files next to themselves (toolgen's paths.ts, yargs' locales) read import.meta.url.
    define: { "import.meta.url": "__toolgen_module_url" },
    // "use strict" first: esbuild's own comes after the banner, where it would be no directive.
    banner: { js: '"use strict";\nconst __toolgen_module_url = require("node:url").pathToFileURL(__filename).href;' },
  };
}

/** A module's key: its path from the root, `/`-separated (as esbuild's metafile names inputs). */
function keyOf(root, file) {
  return path.relative(root, file).split(path.sep).join("/");
}

/**
 * Which module goes into which file, from one build of the whole: the bin holds LINT_PATH and
 * everything it imports statically (closed under static imports, so lint never needs MORE); MORE
 * holds the rest. `entries`: the modules of MORE the bin imports dynamically (an output's emitter,
 * another command); `shared`: the modules of the bin that MORE's modules import.
 */
async function splitOf(root) {
  const { build } = await import("esbuild");
  const { metafile } = await build({ ...bundleOptions(root), write: false, metafile: true });
  const inputs = metafile.inputs;
  const inBin = new Set();
  const stack = [...LINT_PATH];
  while (stack.length > 0) {
    const key = stack.pop();
    if (inBin.has(key) || !inputs[key]) continue;
    inBin.add(key);
    for (const i of inputs[key].imports) if (!i.external && i.kind !== "dynamic-import") stack.push(i.path);
  }
  const more = Object.keys(inputs).filter((key) => !inBin.has(key));
  const entries = new Set();
  const shared = new Set();
  for (const key of inBin) for (const i of inputs[key].imports) if (!i.external && !inBin.has(i.path)) entries.add(i.path);
  for (const key of more) for (const i of inputs[key].imports) if (!i.external && inBin.has(i.path)) shared.add(i.path);
  return { inBin, entries: [...entries].sort(), shared: [...shared].sort() };
}

/**
 * The plugins that join the two files, so that each module exists once in a process (one
 * UsageError class, one output state). In the bin, a dynamic import of a module of MORE requires
 * MORE and takes that module from it; in MORE, an import of a module of the bin takes the bin's
 * own module, from a table the bin hands over on the first require. Both sides are esbuild's own
 * `require()` of a bundled module: initialised on first use, its namespace read live.
 */
function splitPlugins(root, { inBin, entries, shared }) {
  /** Resolves `args` as esbuild would; the module's key when it is a file of the given side. */
  const sideOf = async (b, args) => {
    if (args.pluginData === "split" || args.namespace !== "file") return undefined;
    const resolved = await b.resolve(args.path, { importer: args.importer, resolveDir: args.resolveDir, kind: args.kind, pluginData: "split" });
    if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== "file") return undefined;
    const key = keyOf(root, resolved.path);
    return { key, inBin: inBin.has(key) };
  };
  const requireEach = (keys) => keys.map((key) => `  ${JSON.stringify(key)}: () => require(${JSON.stringify(path.join(root, key))}),`).join("\n");
  const bin = {
    name: "split-bin",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== "dynamic-import") return undefined;
        const side = await sideOf(b, args);
        return side && !side.inBin ? { path: side.key, namespace: "toolgen-more" } : undefined;
      });
      b.onResolve({ filter: /^toolgen-shared$/ }, () => ({ path: "shared", namespace: "toolgen-shared" }));
      b.onLoad({ filter: /.*/, namespace: "toolgen-more" }, (args) => ({
        resolveDir: path.join(root, "dist", "bin"),
        contents: `module.exports = require("./${MORE}").load(${JSON.stringify(args.path)}, require("toolgen-shared"));\n`,
      }));
      b.onLoad({ filter: /.*/, namespace: "toolgen-shared" }, () => ({ resolveDir: root, contents: `module.exports = {\n${requireEach(shared)}\n};\n` }));
    },
  };
  const more = {
    name: "split-more",
    setup(b) {
      b.onResolve({ filter: /^toolgen-more-(entry|table)$/ }, (args) => ({ path: args.path, namespace: "toolgen-more" }));
      b.onResolve({ filter: /.*/ }, async (args) => {
        const side = await sideOf(b, args);
        return side?.inBin ? { path: side.key, namespace: "toolgen-bin" } : undefined;
      });
      b.onLoad({ filter: /^toolgen-more-table$/, namespace: "toolgen-more" }, () => ({
        contents: `let table;\nconst taken = new Map();\nexports.connect = (given) => { table ??= given; };\n` +
          `exports.take = (key) => { let m = taken.get(key); if (m === undefined) taken.set(key, (m = table[key]())); return m; };\n`,
      }));
      b.onLoad({ filter: /^toolgen-more-entry$/, namespace: "toolgen-more" }, () => ({
        resolveDir: root,
        contents:
          `const { connect } = require("toolgen-more-table");\nconst modules = {\n${requireEach(entries)}\n};\n` +
          `exports.load = (key, table) => { connect(table); return modules[key](); };\n`,
      }));
      b.onLoad({ filter: /.*/, namespace: "toolgen-bin" }, (args) => ({
        resolveDir: root,
        contents: `module.exports = require("toolgen-more-table").take(${JSON.stringify(args.path)});\n`,
      }));
    },
  };
  return { bin, more };
}

/** The file beside the bin that names each package bundled into its files, with its licence. */
export const NOTICES = "THIRD-PARTY-LICENSES.txt";

/** Every file bundleCli writes under `root`: the bin, its two files and NOTICES. */
export function binFiles(root = ROOT) {
  return [binPath(root), mainPath(root), morePath(root), path.join(path.dirname(binPath(root)), NOTICES)];
}

/** The package folder (`node_modules/a/node_modules/@b/c`) of an esbuild input key, or undefined for toolgen's own files. */
export function packageDirOf(key) {
  const file = key.replace(/^[a-z-]+:/, "");
  const at = file.lastIndexOf("node_modules/");
  if (at < 0) return undefined;
  const segments = file.slice(at + "node_modules/".length).split("/");
  return file.slice(0, at + "node_modules/".length) + segments.slice(0, segments[0].startsWith("@") ? 2 : 1).join("/");
}

/**
 * The text of NOTICES: every package bundled in (from the inputs of esbuild's metafiles), by name and
 * version, each with its licence's name and text, which their licences (MIT, ISC) ask to go with
 * every copy.
 */
export function noticesText(inputKeys, root = ROOT) {
  const byId = new Map();
  for (const dir of new Set(inputKeys.map(packageDirOf).filter((d) => d !== undefined))) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8"));
    const file = readdirSync(path.join(root, dir)).find((f) => /^licen[cs]e/i.test(f));
    if (file === undefined) throw new Error(`${dir}: no licence file to ship with the bin`);
    byId.set(`${manifest.name}@${manifest.version}`, `${manifest.name} ${manifest.version} (${manifest.license})\n\n${readFileSync(path.join(root, dir, file), "utf8").trim()}\n`);
  }
  const entries = [...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, text]) => text);
  return `The packages bundled into toolgen's command line (dist/bin/), with their licences.\n\n${entries.join(`\n${"-".repeat(72)}\n\n`)}`;
}

/**
 * esbuild's options for the two files: `bin` (dist/bin/toolgen.cjs) and `more` (its second file).
 * test/cli/bundle.test.ts builds with them again.
 */
export async function bundlePlan(root = ROOT) {
  const whole = bundleOptions(root);
  const split = await splitOf(root);
  const plugins = splitPlugins(root, split);
  return {
    // Both files' `import()`s of packages become requires (see the top of this file).
    bin: { ...whole, supported: { "dynamic-import": false }, plugins: [plugins.bin, ...whole.plugins] },
    more: { ...whole, supported: { "dynamic-import": false }, entryPoints: ["toolgen-more-entry"], outfile: morePath(root), plugins: [plugins.more, ...whole.plugins] },
  };
}

/** Writes dist/bin/toolgen.cjs, its main file and its second file from dist/cli/ (which tsc must have written). Returns the bin's path. */
export async function bundleCli(root = ROOT) {
  const { build } = await import("esbuild");
  const plan = await bundlePlan(root);
  rmSync(path.dirname(binPath(root)), { recursive: true, force: true });
  const inputs = [];
  for (const options of [plan.bin, plan.more]) {
    const { metafile } = await build({ ...options, metafile: true });
    inputs.push(...Object.keys(metafile.inputs));
    for (const [file, output] of Object.entries(metafile.outputs)) {
      const dynamic = output.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path);
      if (dynamic.length > 0) throw new Error(`${file} holds an import() (${dynamic.join(", ")}), which the bin cannot run from compiled code`);
    }
  }
  writeFileSync(path.join(path.dirname(binPath(root)), NOTICES), noticesText(inputs, root));
  const main = readFileSync(mainPath(root), "utf8");
  const more = readFileSync(morePath(root), "utf8");
  writeFileSync(binPath(root), launcherText(main, more, root));
  chmodSync(binPath(root), 0o755);
  return binPath(root);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await bundleCli();
}
