/**
 * The boundaries of issue 9's "Done when", held by walking the import graph of src/:
 * - src/runtime imports only its siblings (it is copied into the generated folder);
 * - emitters and outputs import no node:fs (the load stage reads, write.ts writes);
 * - only write.ts and the cache write files;
 * - the lint path loads none of the generators;
 * - the layers (issues 22 and 36): commands > diff > pipeline > catalog > features > targets and
 *   outputs > toolsets > search > lint > emit > load > schema and runtime > model and errors. No
 *   import, type-only ones included, runs up, with no exception, and there is no circle.
 * Type-only imports load nothing and are left out of what a command loads, but not of the layers.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
/** The layer order, written once in scripts/layers.mjs (scripts/layer-edges.mjs prints the edges against it). */
import { LAYERS, layerOf } from "../../scripts/layers.mjs";

interface Edge {
  /** As written: `./x.js`, `node:fs`, `handlebars`. */
  specifier: string;
  /** src-relative path of the module it names (`lint/index.ts`), or undefined for a package. */
  target?: string;
  typeOnly: boolean;
  /** Names imported (`writeFile`), or `*` for a namespace or default import. */
  names: string[];
  /** An `import()` call: loaded when the code around it runs, not when the module loads. */
  dynamic?: boolean;
}

const SRC = path.join(repoRoot, "src");

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(SRC, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean, names: string[], dynamic = false) => {
    let target: string | undefined;
    if (specifier.startsWith(".")) {
      target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ".ts");
    }
    edges.push({ specifier, ...(target ? { target } : {}), typeOnly, names, ...(dynamic ? { dynamic } : {}) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (clause?.name) names.push("*");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
      if (bindings && ts.isNamedImports(bindings)) {
        for (const e of bindings.elements) if (!e.isTypeOnly) names.push((e.propertyName ?? e.name).text);
      }
      add(node.moduleSpecifier.text, clause?.isTypeOnly === true || (clause !== undefined && names.length === 0 && bindings !== undefined), names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, ["*"]);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(arg.text, false, ["*"], true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const files = sourceFiles();
const graph = new Map(files.map((f) => [f, edgesOf(f)]));

/**
 * An output's declaration (it calls `defineOutput`): its `import()`s are in its `emit`, which only a
 * build runs. The catalogue lists the declarations, so every command loads them, and none of what
 * they import lazily.
 */
const isOutputDeclaration = (file: string) => graph.get(file)!.some((e) => e.names.includes("defineOutput"));

/**
 * Every module and package loaded from `roots`, following value imports (static and dynamic),
 * except the `import()`s of output declarations, which only a build runs.
 */
function reach(roots: string[]): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    const edges = graph.get(file);
    if (!edges) throw new Error(`import of a missing module: ${file}`);
    modules.add(file);
    for (const e of edges) {
      if (e.typeOnly || (e.dynamic && isOutputDeclaration(file))) continue;
      if (e.target) queue.push(e.target);
      else packages.add(e.specifier);
    }
  }
  return { modules, packages };
}

const FS = new Set(["node:fs", "node:fs/promises", "fs", "fs/promises"]);
/** What writes, moves or removes files. */
const WRITERS = /^(writeFile|appendFile|rename|mkdir|mkdtemp|rm|rmdir|unlink|copyFile|cp|symlink|link|truncate|chmod|chown|utimes|createWriteStream|open|opendir)(Sync)?$/;

describe("the import graph of src/", () => {
  it("is read in full (the walk sees the edges it must)", () => {
    expect(files).toContain("pipeline.ts");
    expect(graph.get("pipeline.ts")!.some((e) => e.target === "outputs/emit-stage.ts" && !e.typeOnly)).toBe(true);
    expect(graph.get("write.ts")!.some((e) => FS.has(e.specifier) && e.names.some((n) => WRITERS.test(n)))).toBe(true);
    expect(reach(["pipeline.ts"]).packages).toContain("json-schema-to-typescript");
  });

  it("src/runtime imports only its siblings", () => {
    const runtime = files.filter((f) => f.startsWith("runtime/"));
    expect(runtime.length).toBeGreaterThan(0);
    const outside = runtime.flatMap((f) =>
      graph.get(f)!.filter((e) => !e.target || path.posix.dirname(e.target) !== "runtime" || !graph.has(e.target)).map((e) => `${f} -> ${e.specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it("emitters and outputs import no node:fs", () => {
    const emitters = files.filter((f) => f.startsWith("emit/") || f.startsWith("outputs/") || (f.startsWith("targets/") && !f.includes("/rules/")));
    const offenders = emitters.flatMap((f) => graph.get(f)!.filter((e) => FS.has(e.specifier)).map((e) => `${f} -> ${e.specifier}`));
    expect(offenders).toEqual([]);
  });

  it("only write.ts and the cache write files (and report/file.ts, the report `lint -o FILE` asks for)", () => {
    // The one guarded read (the config, eval's cases, the lock) opens its file read-only (O_RDONLY | O_NONBLOCK, so a
    // FIFO cannot hang it): an open, not a write.
    // So does the writer's reader (write/read.ts) for what is on disk before a build writes.
    const readOnlyOpen = (f: string, name: string) => (f === "load/guarded-read.ts" || f === "write/read.ts") && name === "openSync";
    const offenders = files
      // build/cache-file.ts writes the cache's sealed files; diff/sides.ts a git revision's files, into a scratch folder under the OS's temporary folder.
      .filter((f) => f !== "write.ts" && f !== "build/cache.ts" && f !== "build/cache-file.ts" && f !== "report/file.ts" && f !== "diff/sides.ts")
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((e) => FS.has(e.specifier) && !e.typeOnly && e.names.some((n) => n === "*" || (WRITERS.test(n) && !readOnlyOpen(f, n))))
          .map((e) => `${f} -> ${e.specifier} { ${e.names.join(", ")} }`),
      );
    expect(offenders).toEqual([]);
  });

  it("has no cycle of value imports (every circle, type-only ones included, is the layers test's below)", () => {
    const valueEdges = new Map([...graph].map(([file, edges]) => [file, edges.filter((e) => !e.typeOnly)]));
    expect(importCircles(valueEdges)).toEqual([]);
  });

  /**
   * A target's emitters (targets/<id>/emit.ts, native-emit.ts, ...): its output declarations (output.ts,
   * native.ts, legacy.ts) are light, and load their emitter only when a build runs them.
   */
  const GENERATOR_IN_TARGET = /^targets\/[^/]+\/(emit|[a-z-]+-emit|legacy-view)\.ts$/;

  it("the lint path loads none of the generators", () => {
    const roots = ["commands/lint.ts", "commands/lint-folder.ts"];
    const { modules, packages } = reach(roots);
    expect(modules).toContain("lint/index.ts");
    const generators = [
      ...[...modules].filter((m) => m.startsWith("emit/") || GENERATOR_IN_TARGET.test(m) || m === "pipeline.ts"),
      ...["json-schema-to-typescript", "ts-morph", "handlebars"].filter((p) => packages.has(p)),
    ];
    expect(generators).toEqual([]);
  });
});

/** Imports (type-only ones included) that run up the layers, as `from (layer) -> to (layer)`. */
export function upwardImports(edges: ReadonlyMap<string, readonly Edge[]>): string[] {
  const up: string[] = [];
  for (const [file, list] of edges) {
    for (const e of list) {
      if (!e.target) continue;
      const from = layerOf(file);
      const to = layerOf(e.target);
      if (from !== undefined && to !== undefined && to < from) up.push(`${file} (${LAYERS[from]![0]}) -> ${e.target} (${LAYERS[to]![0]})`);
    }
  }
  return up;
}

/** Circles of imports, type-only ones included, each as `a -> b -> a`. */
export function importCircles(edges: ReadonlyMap<string, readonly Edge[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const e of edges.get(file) ?? []) if (e.target) visit(e.target, [...trail, file]);
    state.set(file, "done");
  };
  for (const file of edges.keys()) visit(file, []);
  return cycles;
}

/**
 * A type-only circle inside src/runtime, left as it is: those files are copied verbatim into every
 * generated folder, so untangling it changes generated bytes (a change of its own, not a move).
 */
const RUNTIME_CIRCLES = ["runtime/run.ts -> runtime/stream-reply.ts -> runtime/run.ts"];

describe("the layers of src/", () => {
  it("give every module a layer", () => {
    expect(files.filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  it("leave at the root only the modules the layout names", () => {
    expect(files.filter((f) => !f.includes("/"))).toEqual(["catalog.ts", "errors.ts", "index.ts", "model.ts", "pipeline.ts", "setting.ts", "write.ts"]);
  });

  it("have no import that runs back up, type-only ones included", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("have no circle of imports, type-only ones included", () => {
    expect(importCircles(graph).filter((c) => !RUNTIME_CIRCLES.includes(c))).toEqual([]);
  });

  it("catch an upward import from each layer issue 36 names (diff, search, toolsets, features)", () => {
    const planted = (from: string, target: string) => {
      const withUpward = new Map(graph);
      withUpward.set(from, [...graph.get(from)!, { specifier: "planted", target, typeOnly: true, names: [] }]);
      return upwardImports(withUpward).filter((u) => u.startsWith(`${from} `));
    };
    expect(planted("diff/sides.ts", "commands/config.ts")).toEqual(["diff/sides.ts (diff) -> commands/config.ts (commands)"]);
    expect(planted("search/eval.ts", "lint/rules/input-examples-valid.ts")).toEqual([]);
    expect(planted("search/eval.ts", "toolsets/resolve.ts")).toEqual(["search/eval.ts (search) -> toolsets/resolve.ts (toolsets)"]);
    expect(planted("toolsets/settings.ts", "outputs/output.ts")).toEqual(["toolsets/settings.ts (toolsets) -> outputs/output.ts (targets and outputs)"]);
    expect(planted("features/deferral/index.ts", "catalog.ts")).toEqual(["features/deferral/index.ts (features) -> catalog.ts (catalog)"]);
    expect(planted("build/options.ts", "diff/engine.ts")).toEqual(["build/options.ts (pipeline) -> diff/engine.ts (diff)"]);
  });

  it("keep the build stage and the writer apart: neither imports the other (issue 36)", () => {
    // build/ reads the handlers folder and checks the folders through write/read.ts and write/roots.ts, never write.ts;
    // the writer and its helpers import nothing from build/ (the watch memo is write/disk-memo.ts).
    const crossing = (edges: ReadonlyMap<string, readonly Edge[]>) =>
      [...edges].flatMap(([file, list]) =>
        list
          .filter((e) => (file.startsWith("build/") && e.target === "write.ts") || ((file === "write.ts" || file.startsWith("write/")) && e.target?.startsWith("build/")))
          .map((e) => `${file} -> ${e.target}`),
      );
    expect(graph.get("build/handlers.ts")!.map((e) => e.target)).toContain("write/read.ts");
    expect(crossing(graph)).toEqual([]);
    const planted = new Map(graph);
    planted.set("write/read.ts", [...graph.get("write/read.ts")!, { specifier: "../build/cache.js", target: "build/cache.ts", typeOnly: true, names: [] }]);
    planted.set("build/options.ts", [...graph.get("build/options.ts")!, { specifier: "../write.js", target: "write.ts", typeOnly: false, names: ["writeFiles"] }]);
    expect(crossing(planted)).toEqual(["build/options.ts -> write.ts", "write/read.ts -> build/cache.ts"]);
    expect(upwardImports(planted)).toEqual(["write/read.ts (write) -> build/cache.ts (pipeline)"]);
  });

  it("no output, feature or search module imports a target's folder or a rule file", () => {
    const offenders = files
      .filter((f) => f.startsWith("outputs/") || f.startsWith("features/") || f.startsWith("search/"))
      .flatMap((f) => graph.get(f)!.filter((e) => e.target && (e.target.startsWith("targets/") || /(^|\/)rules\//.test(e.target) && !e.target.startsWith(path.posix.dirname(f)))).map((e) => `${f} -> ${e.target}`));
    expect(offenders).toEqual([]);
  });

  it("catch an upward import and a circle (the checks can fail)", () => {
    const withUpward = new Map(graph);
    withUpward.set("load/read.ts", [...graph.get("load/read.ts")!, { specifier: "../lint/rule.js", target: "lint/rule.ts", typeOnly: true, names: [] }]);
    expect(upwardImports(withUpward)).toEqual(["load/read.ts (load) -> lint/rule.ts (lint)"]);
    const withCircle = new Map(graph);
    withCircle.set("model.ts", [...graph.get("model.ts")!, { specifier: "./errors.js", target: "errors.ts", typeOnly: true, names: [] }]);
    expect(importCircles(withCircle).filter((c) => !RUNTIME_CIRCLES.includes(c))).toEqual(["model.ts -> errors.ts -> model.ts"]);
  });
});

describe("every source file says what it is for", () => {
  it("opens with a comment (after a #! line), in src/ and cli/", () => {
    const sources = [
      ...files.map((f) => path.join("src", f)),
      ...readdirSync(path.join(repoRoot, "cli")).filter((f) => f.endsWith(".ts")).map((f) => path.join("cli", f)),
    ];
    const silent = sources.filter((f) => !/^(#![^\n]*\n)?\s*(\/\*|\/\/)/.test(readFileSync(path.join(repoRoot, f), "utf8")));
    expect(silent).toEqual([]);
  });
});
