/**
 * Issue 25: the opt-in `ai-sdk` output. The AI SDK's own agent loop (`generateText` with `stopWhen`,
 * through @ai-sdk/openai) against a fake Chat Completions server on 127.0.0.1 that answers a turn of
 * tool calls, then text: a valid call reaches its handler file through toolgen's validator, an
 * invalid one and a failing handler come back to the model with toolgen's messages (read from the
 * request body the fake receives), and the transcript is the one the AI SDK documents (two steps;
 * assistant, tool, assistant messages). Also: the file type-checks against `ai`, passes the tool
 * file's fields through, and hands the handler the call id, the context and the abort signal.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolApprovalStatus, ToolSet } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot, tempDir } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";
import { call, completion, startChatCompletionsServer, type ChatCompletionsServer } from "./chat-completions-server.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "ai-sdk"];
const seedSchemas = path.join(repoRoot, "schemas");

/** A tool with every field the AI SDK's tool() takes from a tool file, and an output schema. */
const FIELDS_TOOL = {
  name: "count_words",
  description: "Counts the words in a text and returns the count. Use it when the user asks how long a text is in words. Punctuation does not count as a word.",
  strict: true,
  defer_loading: true,
  input_examples: [{ text: "one two three" }],
  input_schema: { type: "object", properties: { text: { type: "string", description: "The text whose words are counted." } }, required: ["text"], additionalProperties: false },
  output_schema: { type: "object", properties: { count: { type: "integer" } }, required: ["count"] },
};

/** A tool whose file says a person approves each call (issue 40: the AI SDK 7's `toolApproval`). */
const APPROVAL_TOOL = {
  name: "delete_note",
  description: "Deletes a note for good. Use it when the user asks to delete a note by its id. It returns the deleted note's id.",
  needs_approval: true,
  annotations: { destructiveHint: true },
  input_schema: { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] },
};

/** The extra tools of the project the field tests share (one build). */
const FIELDS_PROJECT = { count_words: FIELDS_TOOL, delete_note: APPROVAL_TOOL };

/** One project per set of extra tools, built once in this file: the tests only read it and import it. */
const projects = new Map<string, ReturnType<typeof makeProject>>();
function project(extra: Record<string, unknown> = {}) {
  const key = JSON.stringify(extra);
  let made = projects.get(key);
  if (made === undefined) projects.set(key, (made = makeProject(extra)));
  return made;
}

async function makeProject(extra: Record<string, unknown>) {
  const dir = await repoTempDir();
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  await cp(seedSchemas, p.schemas, { recursive: true });
  for (const [name, doc] of Object.entries(extra)) await writeFile(path.join(p.schemas, `${name}.json`), JSON.stringify(doc, null, 2));
  // count_words carries every field the AI SDK takes, defer_loading and input_examples together, which Anthropic's tool
  // search refuses (defer-loading-input-examples): the rule is off here, where the fields' passage is what is tested.
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cache: false, outputs: OUTPUTS, rules: { "defer-loading-input-examples": "off" } });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  // Every handler answers what it got; get_ticker_symbol throws; count_words counts.
  for (const file of await readdir(p.handlers)) {
    const full = path.join(p.handlers, file);
    const body = file.startsWith("get_ticker_symbol")
      ? `  throw new Error("no company named " + JSON.stringify(input.company_name));\n`
      : file.startsWith("count_words")
        ? `  return { count: input.text.split(/\\s+/).filter(Boolean).length };\n`
        : `  return { tool: context.toolName, input, id: context.toolUseId, context: context.context, aborted: context.signal.aborted };\n`;
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  void input;.*\n/, "").replace(/  throw new Error\(.*\);\n/, body));
  }
  return p;
}

/** A fake OpenAI Chat Completions endpoint (./chat-completions-server.ts), closed after the file. */
async function fakeOpenAI(replies: unknown[]) {
  const server = await startChatCompletionsServer(replies);
  servers.push(server);
  return server;
}
const servers: ChatCompletionsServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

interface AiSdkModule {
  toolApproval: Record<string, ToolApprovalStatus>;
  tools: Record<string, { description?: string; strict?: boolean; inputExamples?: unknown; deferLoading?: boolean; inputSchema: unknown; outputSchema?: unknown; execute?: (input: unknown, options: unknown) => Promise<unknown> }>;
}

describe("the ai-sdk output", () => {
  it("is not built by default; when built, only ai-sdk.ts imports a package (`ai`)", async () => {
    const dir = await tempDir();
    const plain = await build({ schemas: seedSchemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false });
    expect(plain.files.map((f) => f.path)).not.toContain("ai-sdk.ts");
    const p = await project();
    const generated = await readdir(p.out, { recursive: true });
    for (const file of generated.filter((f) => f.endsWith(".ts"))) {
      const text = await readFile(path.join(p.out, file), "utf8");
      expect((text.match(/from "[^.][^"]*"/g) ?? []).map((s) => `${file} ${s}`)).toEqual(file === "ai-sdk.ts" ? [`ai-sdk.ts from "ai"`] : []);
    }
  });

  it("runs in generateText's agent loop: the call reaches its handler through toolgen's validator, errors reach the model as toolgen's messages", async () => {
    const p = await project();
    const { generateText, isStepCount } = await import("ai");
    const { createOpenAI } = await import("@ai-sdk/openai");
    const { tools } = (await import(path.join(p.out, "ai-sdk.ts"))) as AiSdkModule;
    const fake = await fakeOpenAI([
      completion(
        {
          content: null,
          tool_calls: [
            call("call_ok", "get_weather", { location: "Paris", unit: "celsius" }),
            call("call_bad", "get_weather", { unit: "kelvin" }),
            call("call_throws", "get_ticker_symbol", { company_name: "Acme" }),
          ],
        },
        "tool_calls",
      ),
      completion({ content: "It is sunny in Paris." }, "stop"),
    ]);
    const model = createOpenAI({ baseURL: fake.baseURL, apiKey: "test-key" }).chat("gpt-test");
    const result = await generateText({ model, tools: tools as ToolSet, prompt: "What is the weather in Paris?", stopWhen: isStepCount(5) });

    // The model was sent every tool, its schema as tools.json has it (the AI SDK adds additionalProperties: false).
    const sent = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as Array<{ name: string; description: string; input_schema: Record<string, unknown> }>;
    const first = fake.bodies[0] as { tools: Array<{ type: string; function: { name: string; description: string; parameters: unknown } }> };
    expect(first.tools.map((t) => t.function)).toEqual(
      sent.map((t) => expect.objectContaining({ name: t.name, description: t.description, parameters: { ...t.input_schema, additionalProperties: false } })),
    );

    // What the model read back, in the second request: the handler's answer, and toolgen's messages.
    expect(fake.bodies).toHaveLength(2);
    const messages = (fake.bodies[1] as { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> }).messages;
    const toolMessage = (id: string) => messages.find((m) => m.role === "tool" && m.tool_call_id === id)?.content;
    expect(toolMessage("call_ok")).toBe(JSON.stringify({ tool: "get_weather", input: { location: "Paris", unit: "celsius" }, id: "call_ok", aborted: false }));
    // A failed call: the provider's error result (`{"error": ...}` for OpenAI) holds toolgen's message as it is.
    expect(toolMessage("call_throws")).toBe(JSON.stringify({ error: `Error: no company named "Acme"` }));
    // The AI SDK validates before execute, with the Standard Schema: its error text carries toolgen's messages.
    const bad = String(toolMessage("call_bad"));
    expect(bad).toContain("Missing required parameter 'location'");
    expect(bad).toContain("Parameter 'unit' must be one of: celsius, fahrenheit");

    // The transcript the AI SDK documents (GenerateTextResult): two steps; responseMessages (all steps) are assistant, tool, assistant.
    expect(result.text).toBe("It is sunny in Paris.");
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.toolCalls.map((c) => [c.toolCallId, c.toolName])).toEqual([
      ["call_ok", "get_weather"],
      ["call_bad", "get_weather"],
      ["call_throws", "get_ticker_symbol"],
    ]);
    expect(result.steps[0]!.toolResults.map((r) => [r.toolCallId, r.output])).toEqual([["call_ok", toolMessage("call_ok")]]);
    const errors = result.steps[0]!.content.filter((c) => c.type === "tool-error");
    expect(errors.map((e) => e.toolCallId)).toEqual(["call_bad", "call_throws"]);
    expect(result.responseMessages.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
  });

  it("passes the tool file's fields and output schema through, and the call id, context and abort signal to the handler", async () => {
    const p = await project(FIELDS_PROJECT);
    const { tools } = (await import(path.join(p.out, "ai-sdk.ts"))) as AiSdkModule;
    const std = (await import(path.join(p.out, "standard-schema.ts"))) as { standardSchemas: Record<string, unknown>; standardOutputSchemas: Record<string, unknown> };
    const counter = tools["count_words"]!;
    expect([counter.strict, counter.deferLoading, counter.inputExamples, counter.description]).toEqual([true, true, [{ input: { text: "one two three" } }], FIELDS_TOOL.description]);
    expect(counter.inputSchema).toBe(std.standardSchemas["count_words"]);
    expect(counter.outputSchema).toBe(std.standardOutputSchemas["count_words"]);
    expect(await counter.execute!({ text: "a b c d" }, { toolCallId: "c1", messages: [] })).toEqual({ count: 4 });
    const weather = tools["get_weather"]!;
    // A tool file without them: none of the fields is set.
    expect(["strict", "inputExamples", "deferLoading", "outputSchema"].filter((k) => k in weather)).toEqual([]);
    expect(JSON.parse(String(await weather.execute!({ location: "Oslo" }, { toolCallId: "c2", messages: [], context: { user: 7 } })))).toEqual({
      tool: "get_weather",
      input: { location: "Oslo" },
      id: "c2",
      context: { user: 7 },
      aborted: false,
    });
    const aborted = AbortSignal.abort();
    await expect(weather.execute!({ location: "Oslo" }, { toolCallId: "c3", messages: [], abortSignal: aborted })).rejects.toThrow("Error: the call to tool 'get_weather' was aborted");
  });

  it("a tool whose file says needs_approval: the AI SDK asks for approval before it runs, and runs it once approved (toolApproval)", async () => {
    const p = await project(FIELDS_PROJECT);
    const { generateText, isStepCount } = await import("ai");
    const { createOpenAI } = await import("@ai-sdk/openai");
    const { tools, toolApproval } = (await import(path.join(p.out, "ai-sdk.ts"))) as AiSdkModule;
    expect(toolApproval).toEqual({ delete_note: "user-approval" });
    const fake = await fakeOpenAI([
      completion({ content: null, tool_calls: [call("call_del", "delete_note", { id: "n-7" })] }, "tool_calls"),
      completion({ content: "Deleted." }, "stop"),
    ]);
    const model = createOpenAI({ baseURL: fake.baseURL, apiKey: "test-key" }).chat("gpt-test");
    const prompt = "Delete note n-7.";
    const asked = await generateText({ model, tools: tools as ToolSet, toolApproval, prompt, stopWhen: isStepCount(5) });
    // The run stops at the call: an approval request, no result, nothing sent back to the model.
    const requests = asked.content.filter((c) => c.type === "tool-approval-request");
    expect(requests.map((r) => [r.toolCall.toolCallId, r.toolCall.toolName])).toEqual([["call_del", "delete_note"]]);
    expect(asked.steps.flatMap((s) => s.toolResults)).toEqual([]);
    expect(fake.bodies).toHaveLength(1);
    // Approved: the handler file runs and its answer reaches the model.
    const approval = { type: "tool-approval-response" as const, approvalId: requests[0]!.approvalId, approved: true };
    const messages = [{ role: "user" as const, content: prompt }, ...asked.responseMessages, { role: "tool" as const, content: [approval] }];
    const done = await generateText({ model, tools: tools as ToolSet, toolApproval, messages, stopWhen: isStepCount(5) });
    expect(done.text).toBe("Deleted.");
    const sent = (fake.bodies[1] as { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> }).messages;
    expect(JSON.parse(String(sent.find((m) => m.role === "tool" && m.tool_call_id === "call_del")?.content))).toMatchObject({ tool: "delete_note", input: { id: "n-7" } });
  });

  it("type-checks against the installed `ai` (a ToolSet for generateText)", async () => {
    const p = await project(FIELDS_PROJECT);
    const check = path.join(p.dir, "check.ts");
    await writeFile(
      check,
      [
        `import { generateText, isStepCount, type LanguageModel, type ToolSet, type InferToolInput, type InferToolOutput } from "ai";`,
        `import { toolApproval, tools } from "./generated/ai-sdk.js";`,
        `import type { ToolInputs } from "./generated/types.js";`,
        `import type { ToolOutputs } from "./generated/standard-schema.js";`,
        `type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;`,
        `const set: ToolSet = tools;`,
        `const input: Same<InferToolInput<typeof tools.get_weather>, ToolInputs["get_weather"]> = true;`,
        `const output: Same<InferToolOutput<typeof tools.count_words>, ToolOutputs["count_words"]> = true;`,
        `export async function ask(model: LanguageModel) {`,
        `  return generateText({ model, tools, toolApproval, prompt: "What is the weather in Paris?", stopWhen: isStepCount(5) });`,
        `}`,
        `export { set, input, output };`,
      ].join("\n"),
    );
    expect(typecheck([check], "nodenext")).toEqual([]);
  });
});
