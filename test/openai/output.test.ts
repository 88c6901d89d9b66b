/**
 * Issue 14: the `openai` output. Golden files; tsc of the generated code (seeds, awkward set, strict
 * fixture) against the `openai` SDK's types; and a round trip of calls through each adapter, compiled
 * and run, with the same messages as native dispatch.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type BuildOptions } from "../../src/pipeline.js";
import { parseToolsets } from "../../src/toolsets/settings.js";
import { repoTempDir } from "../e2e/compile.js";
import { compile } from "../mcp/harness.js";
import { fixture, project, readTree, repoRoot } from "../helpers.js";

const OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "openai"];
const seeds = path.join(repoRoot, "schemas");
const strictFixture = fixture("openai", "schemas");
// The strict fixture's tools are written for OpenAI's lowering (it closes their open objects);
// Anthropic takes a strict schema as written, which anthropic/strict-schema reports (its own tests).
const WARN = { "openai-strict-lowerable": "warning", "anthropic/strict-schema": "off" } as const;

async function openaiFile(schemas: string, extra: Partial<BuildOptions> = {}) {
  const p = await project(schemas);
  const result = await build({ ...p, refRoots: [p.dir], cache: false, outputs: OUTPUTS, ...extra });
  return { result, text: result.files.find((f) => f.path === "openai.ts")?.contents };
}

describe("the openai output", () => {
  it("is not built by default, and needs the outputs its code imports", async () => {
    const p = await project(seeds);
    const result = await build({ ...p, cache: false });
    expect(result.files.map((f) => f.path)).not.toContain("openai.ts");
    await expect(build({ ...p, cache: false, outputs: ["openai"] })).rejects.toThrow(/output 'openai' needs/);
  });

  it("matches the golden files: the seed tools, non-strict and with openaiStrict", async () => {
    const plain = await openaiFile(seeds);
    await expect(plain.text).toMatchFileSnapshot(fixture("openai", "expected", "seeds-openai.ts"));
    const strict = await openaiFile(seeds, { openaiStrict: true });
    expect(strict.result.notes).toEqual([]);
    await expect(strict.text).toMatchFileSnapshot(fixture("openai", "expected", "seeds-openai-strict.ts"));
  });

  it("matches the golden file for the strict fixture; a tool that cannot be lowered is sent non-strict, with a note and the rule's findings", async () => {
    const { result, text } = await openaiFile(strictFixture, { rules: WARN });
    await expect(text).toMatchFileSnapshot(fixture("openai", "expected", "openai.ts"));
    expect(result.notes).toEqual([expect.stringMatching(/^openai: the tool 'merge_records' is sent non-strict: .*'allOf' is not supported in strict mode; and 1 more\)$/)]);
    expect(result.diagnostics.filter((d) => d.rule === "openai-strict-lowerable").map((d) => `${d.tool} ${d.pointer}`)).toEqual([
      "book_room /input_schema/properties/note/maxLength",
      "merge_records /input_schema/properties/keep/allOf",
      "merge_records /input_schema/properties/reason",
    ]);
  });

  it("stops the build on the rule's errors by default, and the rule is off when the openai output is not built", async () => {
    const p = await project(strictFixture);
    const rules = { "anthropic/strict-schema": "off" } as const;
    await expect(build({ ...p, cache: false, outputs: OUTPUTS, rules })).rejects.toThrow(/2 error\(s\)/);
    const withoutOpenAI = await build({ ...p, cache: false, outputs: OUTPUTS.filter((o) => o !== "openai"), rules });
    expect(withoutOpenAI.diagnostics.filter((d) => d.rule === "openai-strict-lowerable")).toEqual([]);
  });
});

/** Makes each handler return `{tool, input}`, or throw when the input mentions "boom". */
async function fillHandlers(dir: string): Promise<void> {
  for (const file of await readdir(dir)) {
    const full = path.join(dir, file);
    const text = await readFile(full, "utf8");
    const body = '  if (JSON.stringify(input).includes("boom")) throw new Error("boom: the handler failed");\n  return { tool: _context.toolName, input };\n';
    await writeFile(full, text.replace(/  throw new Error\(.*\);\n/, body));
  }
}

/** Type-checks the generated files against the SDK: assignments that fail to compile if a shape is wrong. */
const SDK_CHECK = `import type OpenAI from "openai";
import { chatCompletionTools, openaiDispatcher, responsesTools } from "./generated/openai.js";

export async function requests(): Promise<[OpenAI.ChatCompletionCreateParamsNonStreaming, OpenAI.Responses.ResponseCreateParamsNonStreaming]> {
  const chatTools: OpenAI.ChatCompletionTool[] = chatCompletionTools;
  const functionTools: OpenAI.Responses.FunctionTool[] = responsesTools;
  const toolMessages: OpenAI.ChatCompletionToolMessageParam[] = await openaiDispatcher.toolMessages([]);
  const outputs: OpenAI.Responses.ResponseInputItem[] = await openaiDispatcher.functionCallOutputs([]);
  const message: OpenAI.ChatCompletionMessage = { role: "assistant", content: null, refusal: null, tool_calls: [] };
  await openaiDispatcher.toolMessages(message.tool_calls);
  const response = { output: [] } as unknown as OpenAI.Responses.Response;
  await openaiDispatcher.functionCallOutputs(response.output);
  return [
    { model: "gpt-5", messages: [{ role: "user", content: "hi" }, ...toolMessages], tools: chatTools },
    { model: "gpt-5", input: [...outputs], tools: functionTools },
  ];
}
`;

/** With openaiNamespaces: the namespace tools are Responses API tools (`NamespaceTool`). */
const NAMESPACES_CHECK = `
import { responsesNamespaces } from "./generated/openai.js";

export const namespaced: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: "gpt-5", input: "hi", tools: responsesNamespaces };
export const namespaceTools: OpenAI.Responses.NamespaceTool[] = responsesNamespaces.filter((t) => t.type === "namespace");
`;

/** The OpenAI request of docs/providers.md (## OpenAI), compiled with the generated code. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(path.join(repoRoot, "docs", "providers.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## OpenAI\n"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error("docs/providers.md: no TypeScript example under ## OpenAI");
  return code;
}

interface Case {
  dir: string;
  dist: string;
}

let cases: Record<"fixture" | "seeds" | "awkward", Case>;
let diagnostics: string[];

beforeAll(async () => {
  const root = await repoTempDir();
  const make = async (name: string, schemas: string, extra: Partial<BuildOptions>): Promise<Case> => {
    const dir = path.join(root, name);
    await cp(schemas, path.join(dir, "schemas"), { recursive: true });
    if (name === "awkward") await cp(fixture("awkward", "schemas", "shared"), path.join(dir, "shared"), { recursive: true }).catch(() => undefined);
    const p = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
    await build({ ...p, refRoots: [dir], cache: false, outputs: OUTPUTS, ...extra });
    await fillHandlers(p.handlers);
    await writeFile(path.join(dir, "sdk-check.ts"), SDK_CHECK + (extra.openaiNamespaces === true ? NAMESPACES_CHECK : ""));
    await writeFile(path.join(dir, "readme-example.ts"), await readmeExample());
    return { dir, dist: path.join(root, "dist", name) };
  };
  cases = {
    fixture: await make("fixture", strictFixture, { rules: WARN }),
    // Issue 40: with toolsets written as namespace tools.
    seeds: await make("seeds", seeds, { openaiStrict: true, toolsets: parseToolsets({ stocks: ["get_*stock*", "get_ticker_symbol"] }, "test"), openaiNamespaces: true }),
    awkward: await make("awkward", fixture("awkward", "schemas"), { openaiStrict: true, rules: WARN }),
  };
  await writeFile(path.join(root, "package.json"), JSON.stringify({ type: "module" }));
  const files: string[] = [];
  for (const c of Object.values(cases)) {
    for (const f of (await readTree(c.dir)).keys()) if ((f.endsWith(".ts") || f.endsWith(".mjs")) && !f.startsWith("schemas/")) files.push(path.join(c.dir, f));
  }
  diagnostics = compile(root, files, []);
  await writeFile(path.join(root, "dist", "package.json"), JSON.stringify({ type: "module" }));
});

interface Compiled {
  openaiDispatcher: {
    toolMessages(calls: readonly unknown[]): Promise<Array<{ role: string; tool_call_id: string; content: string }>>;
    functionCallOutputs(items: readonly unknown[]): Promise<Array<{ type: string; call_id: string; output: unknown }>>;
  };
  chatCompletionTools: Array<{ type: string; function: { name: string; strict: boolean; parameters: Record<string, unknown> } }>;
  responsesTools: Array<{ name: string; strict: boolean; parameters: Record<string, unknown> }>;
}
interface Native {
  dispatcher: { dispatch(block: unknown): Promise<{ content?: unknown; is_error?: boolean }> };
}

async function load(c: Case): Promise<{ openai: Compiled; native: Native }> {
  const openai = (await import(pathToFileURL(path.join(c.dist, "generated", "openai.js")).href)) as Compiled;
  const native = (await import(pathToFileURL(path.join(c.dist, "generated", "index.js")).href)) as Native;
  return { openai, native };
}

const call = (id: string, name: string, args: unknown) => ({ id, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } });
const booking = {
  room: "Ada",
  start: "2026-11-23T10:00:00Z",
  minutes: 30,
  note: null,
  layout: null,
  priority: "high",
  organiser: { name: "Grace", email: null },
  attendees: [{ name: "Alan", email: "alan@example.com" }],
  equipment: { projector: true, seats: null },
};
const normalisedBooking = {
  room: "Ada",
  start: "2026-11-23T10:00:00Z",
  minutes: 30,
  priority: "high",
  organiser: { name: "Grace" },
  attendees: [{ name: "Alan", email: "alan@example.com" }],
  equipment: { projector: true },
};

describe("the generated openai.ts, compiled", () => {
  it("type-checks against the openai SDK (seeds, awkward set, strict fixture, the example of docs/providers.md), importing no package at run time", async () => {
    expect(diagnostics).toEqual([]);
    for (const c of Object.values(cases)) {
      const text = await readFile(path.join(c.dir, "generated", "openai.ts"), "utf8");
      expect(text).not.toMatch(/from "openai"/);
      expect(await readFile(path.join(c.dir, "generated", "runtime", "openai.ts"), "utf8")).not.toMatch(/from "(?!\.\/)/);
    }
  });

  it("lists each tool for both APIs: strict ones with the lowered schema, the others as tools.json has them", async () => {
    const { openai } = await load(cases.fixture);
    expect(openai.chatCompletionTools.map((t) => [t.function.name, t.function.strict])).toEqual([
      ["book_room", true],
      ["count_words", false],
      ["merge_records", false],
    ]);
    expect(openai.responsesTools.map((t) => [t.name, t.strict])).toEqual([
      ["book_room", true],
      ["count_words", false],
      ["merge_records", false],
    ]);
    expect(openai.chatCompletionTools[0]!.function.parameters["additionalProperties"]).toBe(false);
    expect(openai.responsesTools[2]!.parameters).toEqual(JSON.parse(await readFile(path.join(strictFixture, "merge_records.json"), "utf8")).input_schema);
    const seedsTools = (await load(cases.seeds)).openai.chatCompletionTools;
    expect(seedsTools.every((t) => t.function.strict)).toBe(true);
  });

  it("Chat Completions: tool_calls -> role:tool messages, in call order, nulls of optional properties removed before validation", async () => {
    const { openai } = await load(cases.fixture);
    const messages = await openai.openaiDispatcher.toolMessages([call("c1", "book_room", booking), call("c2", "count_words", { text: "a b" }), call("c3", "book_room", { ...booking, room: "Bob" })]);
    expect(messages.map((m) => [m.role, m.tool_call_id])).toEqual([
      ["tool", "c1"],
      ["tool", "c2"],
      ["tool", "c3"],
    ]);
    expect(JSON.parse(messages[0]!.content)).toEqual({ tool: "book_room", input: normalisedBooking });
    expect(JSON.parse(messages[1]!.content)).toEqual({ tool: "count_words", input: { text: "a b" } });
    expect(JSON.parse(messages[2]!.content)).toEqual({ tool: "book_room", input: { ...normalisedBooking, room: "Bob" } });
  });

  it("Responses: function_call items -> function_call_output items, in order, other items skipped", async () => {
    const { openai } = await load(cases.fixture);
    const outputs = await openai.openaiDispatcher.functionCallOutputs([
      { type: "reasoning", id: "r1", summary: [] },
      { type: "function_call", id: "fc_1", call_id: "call_1", name: "count_words", arguments: '{"text":"x"}' },
      { type: "message", id: "m1", role: "assistant", content: [] },
      { type: "function_call", id: "fc_2", call_id: "call_2", name: "book_room", arguments: JSON.stringify(booking) },
    ]);
    expect(outputs.map((o) => [o.type, o.call_id])).toEqual([
      ["function_call_output", "call_1"],
      ["function_call_output", "call_2"],
    ]);
    expect(JSON.parse(outputs[1]!.output as string)).toEqual({ tool: "book_room", input: normalisedBooking });
  });

  it("answers with native dispatch's messages: validation errors, a null for a required property, unknown tools, handler errors", async () => {
    const { openai, native } = await load(cases.fixture);
    const nativeText = async (name: string, input: unknown) => (await native.dispatcher.dispatch({ type: "tool_use", id: "n", name, input })).content;
    const cases_: Array<[string, unknown, string, unknown]> = [
      // [tool, arguments sent, tool (native), input native dispatch gets]
      ["book_room", { ...booking, minutes: 5 }, "book_room", { ...normalisedBooking, minutes: 5 }],
      ["book_room", { ...booking, room: null }, "book_room", { ...normalisedBooking, room: null }],
      ["book_room", { ...booking, extra: 1 }, "book_room", { ...normalisedBooking, extra: 1 }],
      ["count_words", { text: "t", language: null }, "count_words", { text: "t", language: null }],
      ["count_words", "", "count_words", {}],
      ["count_words", "[1]", "count_words", [1]],
      ["count_wordz", { text: "t" }, "count_wordz", { text: "t" }],
      ["count_words", { text: "boom" }, "count_words", { text: "boom" }],
    ];
    for (const [name, args, nativeName, nativeInput] of cases_) {
      const expected = await nativeText(nativeName, nativeInput);
      expect(expected, name).toMatch(/^(Error|{)/);
      const [message] = await openai.openaiDispatcher.toolMessages([call("c", name, args)]);
      expect(message!.content, JSON.stringify(args)).toBe(expected);
      const [output] = await openai.openaiDispatcher.functionCallOutputs([{ type: "function_call", call_id: "f", name, arguments: typeof args === "string" ? args : JSON.stringify(args) }]);
      expect(output!.output).toBe(expected);
    }
    expect(await nativeText("book_room", { ...normalisedBooking, minutes: 5 })).toMatch(/minutes/);
  });

  it("answers invalid or cut-off arguments with a message the model can act on", async () => {
    const { openai } = await load(cases.fixture);
    const whole = JSON.stringify(booking);
    const [cut, invalid, custom, nameless] = await openai.openaiDispatcher.toolMessages([
      call("a", "book_room", whole.slice(0, 40)),
      call("b", "book_room", "{room: Ada}"),
      { id: "c", type: "custom", custom: { name: "book_room", input: "x" } },
      { id: "d", type: "function", function: { arguments: "{}" } },
    ]);
    expect(cut!.content).toMatch(/^Error: the arguments of this call to 'book_room' are cut off after 40 characters \(unclosed JSON, ending ".*"\); call the tool again with the complete arguments/);
    expect(invalid!.content).toMatch(/^Error: the arguments of this call to 'book_room' are not valid JSON \(.+\); call the tool again with its arguments as one JSON object$/);
    expect(custom).toEqual({ role: "tool", tool_call_id: "c", content: "Error: malformed tool call of type 'custom': only function tool calls can be run" });
    expect(nameless!.content).toBe("Error: malformed tool call (no function name)");
    const [outputCut] = await openai.openaiDispatcher.functionCallOutputs([{ type: "function_call", call_id: "x", name: "book_room", arguments: whole.slice(0, whole.length - 1) }]);
    expect(outputCut!.output).toMatch(/are cut off after/);
    expect(await openai.openaiDispatcher.toolMessages(null as unknown as unknown[])).toEqual([]);
  });

  it("round-trips the seed tools (all strict) and the awkward set", async () => {
    const seedsCase = await load(cases.seeds);
    const [weather] = await seedsCase.openai.openaiDispatcher.toolMessages([call("w", "get_weather", { location: "Paris", unit: null })]);
    expect(JSON.parse(weather!.content)).toEqual({ tool: "get_weather", input: { location: "Paris" } });
    const awkward = await load(cases.awkward);
    const [proto] = await awkward.openai.openaiDispatcher.functionCallOutputs([{ type: "function_call", call_id: "p", name: "__proto__", arguments: '{"value":"v"}' }]);
    expect(JSON.parse(proto!.output as string)).toEqual({ tool: "__proto__", input: { value: "v" } });
  });
});
