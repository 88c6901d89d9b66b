/**
 * The boundaries of issue 9's "Done when", held by walking the import graph of src/:
 * - src/runtime imports only its siblings (it is copied into the generated folder);
 * - emitters and outputs import no node:fs (the load stage reads, write.ts writes);
 * - only write.ts and the cache write files;
 * - the lint path loads none of the generators.
 * Type-only imports load nothing and are left out, except for the runtime (whose copy must compile).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";

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
    expect(graph.get("pipeline.ts")!.some((e) => e.target === "emit/index.ts" && !e.typeOnly)).toBe(true);
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

  it("only write.ts and the cache write files (and report-file.ts, the report `lint -o FILE` asks for)", () => {
    const offenders = files
      // cache-file.ts writes the cache's sealed files; config.ts only opens its file, read-only and non-blocking (a FIFO must not hang it).
      .filter((f) => f !== "write.ts" && f !== "cache.ts" && f !== "cache-file.ts" && f !== "report-file.ts" && f !== "config.ts")
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((e) => FS.has(e.specifier) && !e.typeOnly && e.names.some((n) => n === "*" || WRITERS.test(n)))
          .map((e) => `${f} -> ${e.specifier} { ${e.names.join(", ")} }`),
      );
    expect(offenders).toEqual([]);
  });

  it("has no cycle of value imports", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "open");
      for (const e of graph.get(file) ?? []) if (e.target && !e.typeOnly) visit(e.target, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
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
