/**
 * Issue 14: the opt-in `gemini` output. Golden files for the seed tools (both schema fields), the
 * generated code type-checked against @google/genai's types, and `functionCall` parts round-tripped
 * to the right handler with the same messages as native dispatch.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeRules } from "../../src/catalog.js";
import { loadConfig } from "../../src/commands/config.js";
import { InputError, UsageError } from "../../src/errors.js";
import { build } from "../../src/pipeline.js";
import { fixture, readTree, repoRoot, tempDir } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

const OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "gemini"];
const seedSchemas = path.join(repoRoot, "schemas");

/**
 * Building the gemini output applies Gemini's name rules (issue 23.6): the awkward fixture's names
 * (`3d_render`, hyphenated keys) are errors then. They are what these tests feed the output, so the
 * rules are warnings here (the output's own note still names them).
 */
const AWKWARD_NAMES_ALLOWED = { "gemini/tool-name-format": "warning", "gemini/property-key-format": "warning" } as const;

async function buildInto(dir: string, schemas: string, extra: { geminiSchemaField?: "parametersJsonSchema" | "parameters"; outputs?: string[] } = {}) {
  await cp(schemas, path.join(dir, "schemas"), { recursive: true });
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  const result = await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, refRoots: [dir], cache: false, outputs: OUTPUTS, rules: { ...AWKWARD_NAMES_ALLOWED }, ...extra });
  return { ...p, result };
}

/** Makes every stub return `{tool, input}` instead of throwing (as test/e2e/generated.test.ts does). */
async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
}

interface ResponsePart {
  functionResponse: { id?: string; name: string; response: { output?: string; error?: string }; parts?: unknown[] };
}
interface GeminiModule {
  functionDeclarations: Array<{ name: string; description?: string; parametersJsonSchema?: unknown; parameters?: unknown }>;
  geminiDispatcher: {
    dispatchParts(parts: unknown): Promise<ResponsePart[]>;
    dispatchCalls(calls: unknown): Promise<ResponsePart[]>;
    dispatchCall(call: unknown): Promise<ResponsePart>;
  };
}
interface IndexModule {
  dispatcher: { dispatch(block: unknown): Promise<{ content?: unknown; is_error?: boolean }> };
  tools: Array<{ name: string; input_schema: unknown }>;
}

describe("the gemini output", () => {
  it("is not built by default", async () => {
    const dir = await tempDir();
    const result = await build({ schemas: seedSchemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false });
    expect(result.files.map((f) => f.path)).not.toContain("gemini.ts");
  });

  it("matches the golden files for the seed tools (parametersJsonSchema, and parameters)", async () => {
    const json = await buildInto(await tempDir(), seedSchemas);
    const text = (await readTree(json.out)).get("gemini.ts");
    await expect(text).toMatchFileSnapshot(fixture("seed-tools", "expected", "gemini", "gemini.ts"));
    expect(text).not.toMatch(/from "@google\/genai"/);
    const lowered = await buildInto(await tempDir(), seedSchemas, { geminiSchemaField: "parameters" });
    await expect((await readTree(lowered.out)).get("gemini.ts")).toMatchFileSnapshot(fixture("seed-tools", "expected", "gemini", "gemini-parameters.ts"));
    // The seed tools lower without a loss: no finding.
    expect(lowered.result.diagnostics.filter((d) => d.rule === "gemini-parameters-lossless")).toEqual([]);
  });

  it("declares every tool with its bundled schema, as tools.json has it, in its order", async () => {
    const p = await buildInto(await repoTempDir(), fixture("awkward", "schemas"));
    const g = (await import(path.join(p.out, "gemini.ts"))) as GeminiModule;
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as Array<{ name: string; description?: string; input_schema: unknown }>;
    expect(g.functionDeclarations).toEqual(tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.input_schema })));
    // A name Gemini rejects (it must start with a letter or _) is a note, never silent.
    expect(p.result.notes.some((n) => n.includes("'3d_render' breaks Gemini's name rule"))).toBe(true);
  });

  it("type-checks against @google/genai (FunctionDeclaration[], Part[], Content) in both forms, importing nothing at run time", async () => {
    const dir = await repoTempDir();
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const check = (sub: string) => `
import type { Content, FunctionCall, FunctionDeclaration, GenerateContentParameters, Part } from "@google/genai";
import { createGeminiDispatcher, functionDeclarations, geminiDispatcher } from "./${sub}/generated/gemini.js";
import type { ToolHandlers } from "./${sub}/generated/index.js";

export const declarations: FunctionDeclaration[] = functionDeclarations;
export const request: GenerateContentParameters = {
  model: "gemini-2.5-flash",
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  config: { tools: [{ functionDeclarations }] },
};
export async function answer(modelTurn: Content): Promise<Content> {
  const parts: Part[] = await geminiDispatcher.dispatchParts(modelTurn.parts);
  return { role: "user", parts };
}
export async function answerCalls(calls: FunctionCall[] | undefined): Promise<Part[]> {
  return geminiDispatcher.dispatchCalls(calls);
}
export const wire = (h: ToolHandlers) => createGeminiDispatcher(h);
`;
    const files: string[] = [];
    const cases: Array<[string, string, "parametersJsonSchema" | "parameters"]> = [
      ["seed-json", seedSchemas, "parametersJsonSchema"],
      ["seed-openapi", seedSchemas, "parameters"],
      // Issue 14's "done when": the awkward fixture set type-checks against the SDK too.
      ["awkward-json", fixture("awkward", "schemas"), "parametersJsonSchema"],
    ];
    for (const [sub, schemas, field] of cases) {
      const p = await buildInto(path.join(dir, sub), schemas, { geminiSchemaField: field });
      await writeFile(path.join(dir, `check-${sub}.ts`), check(sub));
      files.push(path.join(dir, `check-${sub}.ts`));
      for (const root of [p.out, p.handlers]) files.push(...[...(await readTree(root)).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(root, f)));
      // The generated file imports @google/genai for types only (erased), and only in the `parameters` form.
      const text = await readFile(path.join(p.out, "gemini.ts"), "utf8");
      expect(text.match(/^import .*@google\/genai.*$/gm) ?? []).toEqual(field === "parameters" ? [`import type { FunctionDeclaration, Schema } from "@google/genai";`] : []);
    }
    // The Gemini example of docs/providers.md, against the seed tools' output.
    const readme = await readFile(path.join(repoRoot, "docs", "providers.md"), "utf8");
    const example = /^## Gemini\n[\s\S]*?```ts\n([\s\S]*?)```/m.exec(readme)?.[1];
    expect(example).toContain("geminiDispatcher.dispatchParts");
    await writeFile(path.join(dir, "readme-gemini.ts"), example!.replace("./generated/gemini.js", "./seed-json/generated/gemini.js"));
    files.push(path.join(dir, "readme-gemini.ts"));
    expect(typecheck(files, "nodenext")).toEqual([]);
  });
});

describe("the gemini adapter: functionCall parts -> functionResponse parts, through the native dispatcher", () => {
  it("sends each call to its own handler, keeps ids and order, skips other parts; same messages as native dispatch", async () => {
    const p = await buildInto(await repoTempDir(), fixture("awkward", "schemas"));
    await fillHandlers(p.handlers);
    const g = (await import(path.join(p.out, "gemini.ts"))) as GeminiModule;
    const index = (await import(path.join(p.out, "index.ts"))) as IndexModule;
    const examples = JSON.parse(await readFile(fixture("awkward", "examples.json"), "utf8")) as Record<string, unknown>;
    const names = index.tools.map((t) => t.name);

    const parts: unknown[] = [{ text: "Let me call them all." }];
    names.forEach((name, i) => parts.push({ functionCall: { id: `call_${i}`, name, args: examples[name] } }));
    const answers = await g.geminiDispatcher.dispatchParts(parts);
    expect(answers).toEqual(
      names.map((name, i) => ({ functionResponse: { id: `call_${i}`, name, response: { output: JSON.stringify({ tool: name, input: examples[name] }) } } })),
    );

    // Failures: the native dispatcher's exact messages, as `{error}`; a call without an id answers without one.
    const tool = names.find((n) => n === "get_forecast")!;
    const failing: Array<[unknown, string]> = [
      [{ name: tool, args: {} }, "invalid"],
      [{ name: tool, args: { city: 3 } }, "wrong type"],
      [{ name: "no_such_tool", args: {} }, "unknown"],
      [{ name: tool, args: "not an object" }, "args not an object"],
    ];
    for (const [call, label] of failing) {
      const c = call as { name: string; args: unknown };
      const native = await index.dispatcher.dispatch({ type: "tool_use", id: "toolu_x", name: c.name, input: c.args });
      expect(native.is_error, label).toBe(true);
      const answer = await g.geminiDispatcher.dispatchCall(call);
      expect(answer, label).toEqual({ functionResponse: { name: c.name, response: { error: native.content } } });
    }
    // A call without args is a call with {} (a function without parameters).
    const noArgs = await g.geminiDispatcher.dispatchCall({ name: tool });
    const nativeEmpty = await index.dispatcher.dispatch({ type: "tool_use", id: "t", name: tool, input: {} });
    expect(noArgs.functionResponse.response).toEqual({ error: nativeEmpty.content });
    // Malformed input is an answer, never a rejection.
    expect(await g.geminiDispatcher.dispatchCall(null)).toEqual({ functionResponse: { name: "", response: { error: "Error: malformed functionCall (not an object)" } } });
    expect(await g.geminiDispatcher.dispatchCall({ id: "c", args: {} })).toEqual({ functionResponse: { id: "c", name: "", response: { error: "Error: malformed functionCall (no function name)" } } });
    expect(await g.geminiDispatcher.dispatchParts(undefined)).toEqual([]);
    expect(await g.geminiDispatcher.dispatchCalls([{ name: tool, args: { city: "Rome" } }])).toEqual([
      { functionResponse: { name: tool, response: { output: JSON.stringify({ tool, input: { city: "Rome" } }) } } },
    ]);
  });

  it("answers a handler's images as inline data parts, and its text as output", async () => {
    const p = await buildInto(await repoTempDir(), seedSchemas);
    const handler = path.join(p.handlers, "get_weather.ts");
    const text = await readFile(handler, "utf8");
    await writeFile(
      handler,
      text.replace(/  throw new Error\(.*\);\n/, `  return [{ type: "text", text: "sunny" }, { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } }];\n`),
    );
    const g = (await import(path.join(p.out, "gemini.ts"))) as GeminiModule;
    expect(await g.geminiDispatcher.dispatchCall({ id: "w", name: "get_weather", args: { location: "Paris" } })).toEqual({
      functionResponse: { id: "w", name: "get_weather", response: { output: "sunny" }, parts: [{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }] },
    });
  });
});

describe("geminiSchemaField and the gemini-parameters-lossless rule", () => {
  const lossy = { name: "set_mode", description: "Sets the mode. It exists for a test. It returns nothing.", input_schema: { type: "object", properties: { mode: { oneOf: [{ const: "fast" }, { const: "safe" }], description: "The mode." } }, additionalProperties: false } };

  async function lossyFolder(): Promise<string> {
    const dir = await tempDir();
    await writeFile(path.join(dir, "set_mode.json"), JSON.stringify(lossy, null, 2));
    return dir;
  }

  it("is off with parametersJsonSchema (the default), and reports each loss with parameters", async () => {
    const schemas = await lossyFolder();
    const plain = await buildInto(await tempDir(), schemas);
    expect(plain.result.diagnostics.filter((d) => d.rule === "gemini-parameters-lossless")).toEqual([]);
    const lowered = await buildInto(await tempDir(), schemas, { geminiSchemaField: "parameters" });
    expect(lowered.result.diagnostics.filter((d) => d.rule === "gemini-parameters-lossless").map((d) => [d.pointer, d.severity])).toEqual([
      ["/input_schema/properties/mode/oneOf", "warning"],
      ["/input_schema/additionalProperties", "warning"],
    ]);
  });

  it("the config key is checked, and turns the rule on for `toolgen lint` too", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ geminiSchemaField: "openapi" }));
    await expect(loadConfig({}, dir)).rejects.toThrow(UsageError);
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ geminiSchemaField: "parameters" }));
    const lossless = async () => {
      const config = await loadConfig({}, dir);
      return composeRules({ rules: config.rules, settings: config })["gemini-parameters-lossless"];
    };
    expect(await lossless()).toBe("warning");
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({}));
    expect(await lossless()).toBeUndefined();
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ rules: { "gemini-parameters-lossless": "error" } }));
    expect(await lossless()).toBe("error");
  });

  it("a recursive schema in the parameters form is an input error (exit 1) naming the tool, not a crash", async () => {
    const schemas = await tempDir();
    await writeFile(
      path.join(schemas, "tree.json"),
      JSON.stringify({ name: "tree", description: "A tree. It recurses. It returns nothing.", input_schema: { type: "object", $defs: { n: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/n" } } } } }, properties: { root: { $ref: "#/$defs/n" } } } }),
    );
    const error = await buildInto(await tempDir(), schemas, { geminiSchemaField: "parameters" }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).diagnostics.map((d) => [d.tool, d.message])).toEqual([["tree", expect.stringContaining("recursive")]]);
    // The default form sends the schema as it is: nothing to inline.
    await expect(buildInto(await tempDir(), schemas)).resolves.toBeDefined();
  });
});
