import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitStub, newStub } from "../../src/emit/stubs.js";
import { updateStub } from "../../src/emit/stub-update.js";
import type { BundledTool } from "../../src/model.js";
import { assignNames } from "../../src/emit/names.js";
import { tempDir } from "../helpers.js";

const GENERATED = `export interface ToolContext { toolUseId: string; toolName: string; protocol: "native" | "legacy" }
export interface ToolInputs { "get_weather": { location: string; unit?: "c" | "f" } }
`;

/**
 * Type-checks handlers (name -> text) next to a stand-in generated index, strict + noUnused*, in one
 * program (a program costs seconds); returns the diagnostics by handler.
 */
async function compile(handlers: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = await tempDir();
  await mkdir(path.join(dir, "generated"), { recursive: true });
  await mkdir(path.join(dir, "handlers"));
  await writeFile(path.join(dir, "generated", "index.ts"), GENERATED);
  // The generated runtime module that declares ToolContext (index.ts re-exports it), imported directly by some handlers.
  await mkdir(path.join(dir, "generated", "runtime"));
  await writeFile(path.join(dir, "generated", "runtime", "dispatch.ts"), 'export interface ToolContext<C = unknown> { toolUseId: string; context: C }\n');
  const files: string[] = [];
  const result: Record<string, string[]> = {};
  for (const [i, [name, text]] of Object.entries(handlers).entries()) {
    const file = path.join(dir, "handlers", `h${i}.ts`);
    await writeFile(file, text);
    files.push(file);
    result[name] = [];
  }
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    noUnusedParameters: true,
    noUnusedLocals: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    types: [],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const names = Object.keys(handlers);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const at = d.file ? files.indexOf(d.file.fileName) : -1;
    (result[names[at] ?? "elsewhere"] ??= []).push(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  }
  return result;
}

const tool = { name: "get_weather", description: "Weather. For a place.", inputSchema: {}, bundledSchema: {} } as unknown as BundledTool;
const names = assignNames(["get_weather"]).get("get_weather")!;

describe("11.3: stubs pass noUnusedParameters", () => {
  it("a new stub compiles with noUnusedParameters and noUnusedLocals", async () => {
    expect(await compile({ stub: newStub(tool, names, "../generated/index.js") })).toEqual({ stub: [] });
  });

  it("an existing stub with `context` is still current (not rewritten)", async () => {
    const old = newStub(tool, names, "../generated/index.js").replace("_context: ToolContext", "context: ToolContext");
    expect(await emitStub(tool, names, old, "../generated/index.js")).toEqual({});
  });
});

const BODY = `  const where: string = input.location;\n  return where;\n`;

describe("10.16: the signature update keeps the file compiling", () => {
  const cases: Record<string, string> = {
    "aliased imports": `import type { ToolInputs as TI, ToolContext as Ctx } from "../old/index.js";\n\nexport default async function h(input: TI["other"], ctx: Ctx): Promise<unknown> {\n  void ctx;\n${BODY}}\n`,
    "a this: parameter": `import type { ToolContext, ToolInputs } from "../old/index.js";\n\nexport default async function h(this: void, input: { location: number }, context: ToolContext): Promise<unknown> {\n  void context;\n${BODY}}\n`,
    "rest parameters": `import type { ToolContext, ToolInputs } from "../old/index.js";\n\nexport default async function h(...args: [ToolInputs["get_weather"], ToolContext]): Promise<unknown> {\n  const [input] = args;\n${BODY}}\n`,
    "a namespace import": `import type * as G from "../old/index.js";\n\nexport default async (input: G.ToolInputs["other"], context: G.ToolContext): Promise<unknown> => {\n  void context;\n${BODY}};\n`,
  };
  it("handles aliased imports, this: parameters, rest parameters and namespace imports", async () => {
    const updated: Record<string, string> = {};
    for (const [what, text] of Object.entries(cases)) {
      const result = updateStub(text, "get_weather", "../generated/index.js");
      expect("text" in result, what).toBe(true);
      updated[what] = (result as { text: string }).text;
      expect(updated[what], what).toContain(BODY);
    }
    expect(await compile(updated)).toEqual(Object.fromEntries(Object.keys(cases).map((k) => [k, []])));
  });
});

describe("issue 24 N11: the signature update imports each type once, and only what it uses", () => {
  const DISPATCH = `import type { ToolContext } from "../generated/runtime/dispatch.js";\n`;
  const cases: Record<string, string> = {
    "ToolContext from another generated module": `import type { ToolInputs } from "../generated/index.js";\n${DISPATCH}\nexport default async function h(input: { location: number }, context: ToolContext): Promise<unknown> {\n  void context;\n${BODY}}\n`,
    "ToolContext from another generated module, imported first": `${DISPATCH}import type { ToolInputs } from "../old/index.js";\n\nexport default async function h(input: ToolInputs["other"], context: ToolContext<{ user: string }>): Promise<unknown> {\n  void context;\n${BODY}}\n`,
    "only ToolContext, from another generated module": `${DISPATCH}\nexport default async function h(input: { location: number }, context: ToolContext): Promise<unknown> {\n  void context;\n${BODY}}\n`,
    "a rest parameter, ToolInputs imported": `import type { ToolInputs } from "../old/index.js";\n\nexport default async function h(...args: [ToolInputs["get_weather"]]): Promise<unknown> {\n  const [input] = args;\n${BODY}}\n`,
    "a rest parameter, no import": `export default async function h(...args: unknown[]): Promise<unknown> {\n  return args.length;\n}\n`,
    "no context parameter": `import type { ToolInputs } from "../old/index.js";\n\nexport default async (input: ToolInputs["other"]): Promise<unknown> => {\n${BODY}};\n`,
  };
  it("compiles with noUnusedLocals after the update (no TS2300 duplicate, no TS6133/TS6196/TS6192 unused import)", async () => {
    const updated: Record<string, string> = {};
    for (const [what, text] of Object.entries(cases)) {
      const result = updateStub(text, "get_weather", "../generated/index.js");
      expect("text" in result, what).toBe(true);
      updated[what] = (result as { text: string }).text;
    }
    expect(await compile(updated)).toEqual(Object.fromEntries(Object.keys(cases).map((k) => [k, []])));
    expect(updated["ToolContext from another generated module"]).toContain(`input: ToolInputs["get_weather"], context: ToolContext)`);
    expect(updated["ToolContext from another generated module, imported first"]).toContain(DISPATCH);
    expect(updated["ToolContext from another generated module, imported first"]).toContain(`import type { ToolInputs } from "../generated/index.js";`);
    expect(updated["a rest parameter, no import"]).toBe(cases["a rest parameter, no import"]);
  });
});
