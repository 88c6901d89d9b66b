/**
 * The `langchain` output as users run it (issue 25): built with toolgen, compiled by tsc from a project
 * tsconfig with the user's line (`model.bindTools(tools)`, then each ToolCall's `tool.invoke(call)`),
 * and called the way LangChain calls a tool (`invoke` with a ToolCall, or with the arguments alone).
 * bindTools' conversion sends each tool's JSON Schema as tools.json has it, and a call gets native
 * dispatch's verdict and message (toolgen's validator, its repair, its handler files).
 */
import { spawnSync } from "node:child_process";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { tool as langchainTool, ToolInputParsingException, type StructuredToolInterface } from "@langchain/core/tools";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline.js";
import { repoTempDir } from "../../e2e/compile.js";
import { CI_LIMIT_MS, repoRoot } from "../../helpers.js";
import { fillHandlers } from "../../mcp/harness.js";

const TSC = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "standard-schema", "langchain"];

const FIND_ORDER = {
  name: "find_order",
  description: "Finds an order by its id. Use it when the user names an order. It returns the order.",
  input_schema: {
    type: "object",
    properties: {
      id: { type: "string", pattern: "^ORD-[0-9]{4}$", description: "The order id, e.g. ORD-0042." },
      email: { type: "string", format: "email", description: "The customer's email." },
      limit: { type: "integer", minimum: 1, maximum: 10, description: "How many lines to return." },
      since: { type: "string", format: "date-time", description: "Orders placed after this time." },
      shop: { type: "string", format: "hostname", description: "The shop's host name." },
    },
    required: ["id"],
    additionalProperties: false,
  },
};

interface Dispatched {
  content?: unknown;
  is_error?: boolean;
}
interface GeneratedIndex {
  dispatcher: { dispatch(block: { type: "tool_use"; id: string; name: string; input: unknown }): Promise<Dispatched> };
}
interface GeneratedTools {
  langchainTools: StructuredToolInterface[];
  langchainToolsByName: Record<string, StructuredToolInterface>;
}

let dir = "";
let tools: GeneratedTools;
let index: GeneratedIndex;

beforeAll(async () => {
  dir = await repoTempDir();
  await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  await writeFile(path.join(dir, "schemas", "find_order.json"), JSON.stringify(FIND_ORDER, null, 2));
  const options = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: true, cache: false, outputs: OUTPUTS };
  await build(options);
  await fillHandlers(options.handlers);
  tools = (await import(pathToFileURL(path.join(dir, "generated", "langchain", "tools.ts")).href)) as GeneratedTools;
  index = (await import(pathToFileURL(path.join(dir, "generated", "index.ts")).href)) as GeneratedIndex;
});

const nativeText = (d: Dispatched) => (typeof d.content === "string" ? d.content : JSON.stringify(d.content));

describe("the langchain output", () => {
  it("compiles with tsc -p in a strict ES-module project, with the user's bindTools loop", async () => {
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUnusedLocals: true, noUnusedParameters: true, skipLibCheck: true, outDir: "dist", types: ["node"] };
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["generated", "handlers", "agent.ts"] }, null, 2));
    await writeFile(
      path.join(dir, "agent.ts"),
      [
        `import type { BaseChatModel } from "@langchain/core/language_models/chat_models";`,
        `import { HumanMessage, type BaseMessage } from "@langchain/core/messages";`,
        `import { langchainTools, langchainToolsByName } from "./generated/langchain/tools.js";`,
        `import type { ToolName } from "./generated/types.js";`,
        ``,
        `export async function ask(chatModel: BaseChatModel, prompt: string): Promise<BaseMessage[]> {`,
        `  const model = chatModel.bindTools!(langchainTools);`,
        `  const messages: BaseMessage[] = [new HumanMessage(prompt)];`,
        `  const reply = await model.invoke(messages);`,
        `  messages.push(reply);`,
        `  for (const call of reply.tool_calls ?? []) messages.push(await langchainToolsByName[call.name as ToolName].invoke(call));`,
        `  return messages;`,
        `}`,
        ``,
      ].join("\n"),
    );
    const tsc = spawnSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, CI_LIMIT_MS);

  it("bindTools' conversion sends each tool's name, description and JSON Schema as tools.json has them", async () => {
    const toolsJson = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as Array<{ name: string; description: string; input_schema: unknown }>;
    expect(tools.langchainTools.map((t) => convertToOpenAITool(t))).toEqual(
      toolsJson.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.input_schema } })),
    );
  });

  const calls: Array<[string, string, Record<string, unknown>]> = [
    ["a valid call", "get_weather", { location: "Paris", unit: "celsius" }],
    ["a wrong type", "get_weather", { location: 42 }],
    ["a missing required parameter", "get_weather", { unit: "celsius" }],
    ["an enum miss", "get_weather", { location: "Paris", unit: "kelvin" }],
    ["a pattern miss (RE2, toolgen's)", "find_order", { id: "ORD-42" }],
    ["a format miss", "find_order", { id: "ORD-0042", email: "not an email" }],
    ["a number sent as a string (dispatch repairs it)", "find_order", { id: "ORD-0042", limit: "3" }],
    ["an unknown key", "find_order", { id: "ORD-0042", note: "x" }],
    ["a handler that throws", "get_weather", { location: "boom" }],
  ];
  for (const [name, tool, args] of calls) {
    it(`${name}, invoked with a ToolCall: native dispatch's verdict and message in the ToolMessage`, async () => {
      const native = await index.dispatcher.dispatch({ type: "tool_use", id: "native", name: tool, input: args });
      const message: unknown = await tools.langchainToolsByName[tool]!.invoke({ type: "tool_call", id: "call_1", name: tool, args });
      expect(message).toBeInstanceOf(ToolMessage);
      const m = message as ToolMessage;
      expect({ status: m.status, content: m.content, id: m.tool_call_id }).toEqual({ status: native.is_error === true ? "error" : "success", content: nativeText(native), id: "call_1" });
    });
  }

  it("an input LangChain's own check refuses and toolgen's validator accepts (a host name with its final dot): toolgen's verdict stands", async () => {
    const args = { id: "ORD-0042", shop: "shop.example.com." };
    // LangChain's check alone (a tool() over the same JSON Schema) refuses it...
    const schema = FIND_ORDER.input_schema as Parameters<typeof langchainTool>[1]["schema"];
    const plain = langchainTool(async () => "ran", { name: "find_order", description: "d", schema });
    await expect(plain.invoke(args)).rejects.toBeInstanceOf(ToolInputParsingException);
    // ...toolgen's accepts it, as native dispatch does.
    const native = await index.dispatcher.dispatch({ type: "tool_use", id: "native", name: "find_order", input: args });
    expect(native.is_error ?? false).toBe(false);
    const message = (await tools.langchainToolsByName["find_order"]!.invoke({ type: "tool_call", id: "call_2", name: "find_order", args })) as ToolMessage;
    expect({ status: message.status, content: message.content }).toEqual({ status: "success", content: nativeText(native) });
  });

  it("invoked with the arguments alone: the handler's text, or toolgen's message thrown", async () => {
    const valid = await tools.langchainToolsByName["find_order"]!.invoke({ id: "ORD-0042", limit: "3" });
    expect(JSON.parse(String(valid))).toEqual({ tool: "find_order", input: { id: "ORD-0042", limit: 3 } });
    const native = await index.dispatcher.dispatch({ type: "tool_use", id: "native", name: "find_order", input: { id: "ORD-42" } });
    await expect(tools.langchainToolsByName["find_order"]!.invoke({ id: "ORD-42" })).rejects.toThrow(nativeText(native));
  });
});
