/**
 * Issue 3 end to end: generated types, stubs and dispatch table compile under strict NodeNext and
 * bundler settings, work with the SDK's types, and dispatch every tool to its own handler.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { fixture, readTree, repoRoot } from "../helpers.js";
import { repoTempDir, typecheck, type ModuleMode } from "./compile.js";

interface Generated {
  dispatcher: {
    dispatch(block: unknown): Promise<{ type: string; tool_use_id: string; content?: unknown; is_error?: boolean }>;
    dispatchAll(content: unknown[]): Promise<{ tool_use_id: string; content?: unknown; is_error?: boolean }[]>;
    dispatchFunctionCalls(text: string): Promise<string>;
  };
  tools: { name: string }[];
  parseFunctionCalls(text: string): { text: string; calls: { name: string; input: unknown; error?: string }[] };
  renderFunctionCalls(calls: { name: string; input: Record<string, unknown> }[]): string;
}

async function buildCase(schemasDir: string) {
  const dir = await repoTempDir();
  await cp(schemasDir, path.join(dir, "schemas"), { recursive: true });
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: true });
  return p;
}

/** Makes every stub return `{tool, input}` instead of throwing, touching only the body. */
async function fillHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    await writeFile(full, text.replace("_context:", "context:").replace(/  throw new Error\(.*\);\n/, "  return { tool: context.toolName, input };\n"));
  }
}

const SDK_CHECK = `
import type { Tool, ToolUseBlock, ToolResultBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { tools, dispatcher, createDispatcher, type ToolHandlers } from "./generated/index.js";

export const asSdkTools: Tool[] = tools;
export async function roundTrip(block: ToolUseBlock): Promise<ToolResultBlockParam> {
  return dispatcher.dispatch(block);
}
export async function all(content: ToolUseBlock[]): Promise<MessageParam> {
  return { role: "user", content: await dispatcher.dispatchAll(content) };
}
export function wire(h: ToolHandlers) {
  return createDispatcher(h);
}
`;

for (const [name, schemas] of [
  ["the seed tools", path.join(repoRoot, "schemas")],
  ["awkward names and shapes", fixture("awkward", "schemas")],
] as const) {
  describe(`generated code for ${name}`, () => {
    for (const mode of ["nodenext", "bundler"] as ModuleMode[]) {
      it(`passes tsc (strict, ${mode}) and is usable with the SDK's types`, async () => {
        const p = await buildCase(schemas);
        await writeFile(path.join(p.dir, "sdk-check.ts"), SDK_CHECK);
        await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
        const files = [...(await readTree(p.out)).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(p.out, f));
        files.push(...[...(await readTree(p.handlers)).keys()].map((f) => path.join(p.handlers, f)));
        files.push(path.join(p.dir, "sdk-check.ts"));
        expect(typecheck(files, mode)).toEqual([]);
      });
    }

    it("dispatches every tool to its own handler", async () => {
      const p = await buildCase(schemas);
      await fillHandlers(p.handlers);
      const examples = name === "the seed tools"
        ? { get_weather: { location: "Paris" }, get_ticker_symbol: { company_name: "GM" }, get_current_stock_price: { symbol: "GM" }, get_stock_price: { ticker: "GM" } }
        : (JSON.parse(await readFile(fixture("awkward", "examples.json"), "utf8")) as Record<string, unknown>);
      const g = (await import(path.join(p.out, "index.ts"))) as Generated;
      const names = g.tools.map((t) => t.name);
      expect(Object.keys(examples).sort()).toEqual([...names].sort());
      for (const tool of names) {
        const input = (examples as Record<string, unknown>)[tool];
        const result = await g.dispatcher.dispatch({ type: "tool_use", id: `toolu_${tool}`, name: tool, input });
        expect(result, tool).toEqual({ type: "tool_result", tool_use_id: `toolu_${tool}`, content: JSON.stringify({ tool, input }) });
      }
      // Object internals are tools only when a schema defines them.
      for (const internal of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
        const result = await g.dispatcher.dispatch({ type: "tool_use", id: "toolu_x", name: internal, input: { value: "v" } });
        if (names.includes(internal)) expect(result.content).toBe(JSON.stringify({ tool: internal, input: { value: "v" } }));
        else expect(result).toMatchObject({ is_error: true, content: expect.stringContaining(`Unknown tool '${internal}'`) });
      }
      // Every tool also round-trips through the legacy format.
      const calls = names.map((tool) => ({ name: tool, input: (examples as Record<string, Record<string, unknown>>)[tool]! }));
      const parsed = g.parseFunctionCalls(g.renderFunctionCalls(calls));
      expect(parsed.calls.map((c) => [c.name, c.input, c.error])).toEqual(calls.map((c) => [c.name, c.input, undefined]));
    });

    it("answers invalid input and unimplemented handlers with is_error, never a crash", async () => {
      const p = await buildCase(schemas);
      const g = (await import(path.join(p.out, "index.ts"))) as Generated;
      const tool = g.tools[0]!.name;
      const invalid = await g.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: tool, input: {} });
      expect(invalid).toMatchObject({ is_error: true, content: expect.stringMatching(/Missing required parameter/) });
      const first = Object.keys(JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8"))[0].input_schema.properties)[0]!;
      const stub = await g.dispatcher.dispatch({ type: "tool_use", id: "toolu_2", name: tool, input: { [first]: "x", ...(tool === "3d_render" ? { class: "low" } : {}) } });
      expect(stub).toMatchObject({ is_error: true, content: expect.stringContaining("is not implemented yet") });
    });
  });
}

describe("the seed's GM example, end to end in the legacy format", () => {
  it("parses the scratchpad turn cut by the stop sequence and answers with the seed's <function_results>", async () => {
    const p = await buildCase(path.join(repoRoot, "schemas"));
    const handler = path.join(p.handlers, "get_ticker_symbol.ts");
    const text = await readFile(handler, "utf8");
    await writeFile(handler, text.replace(/  throw new Error\(.*\);\n/, '  return input.company_name === "General Motors" ? "GM" : "?";\n'));
    const g = (await import(path.join(p.out, "index.ts"))) as Generated;
    // The stop sequence cuts the text before </function_calls>.
    const turn = (await readFile(fixture("legacy", "gm_turn1_assistant.txt"), "utf8")).split("</function_calls>")[0]!;
    const expected = await readFile(fixture("legacy", "gm_turn1_results.txt"), "utf8");
    const parsed = g.parseFunctionCalls(turn);
    expect(parsed.calls).toEqual([{ name: "get_ticker_symbol", input: { company_name: "General Motors" } }]);
    expect(parsed.text).toContain("<scratchpad>");
    expect(await g.dispatcher.dispatchFunctionCalls(turn)).toBe(expected);
  });
});
