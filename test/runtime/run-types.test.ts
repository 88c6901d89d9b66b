/**
 * Issue 15: the generated run loops and the request context type-check against the official
 * @anthropic-ai/sdk types (`new Anthropic()` is the client), with no DOM or Node types in the
 * generated folder's program; the README's run loop and docs/dispatch.md's snippets compile, and so
 * does the hand-written loop `runTools` replaced in the README.
 */
import { cp, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { readTree, repoRoot } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

/** The loop the README showed before `runTools`, verbatim: it must keep compiling. */
const REPLACED_LOOP = `import Anthropic from "@anthropic-ai/sdk";
import { tools, dispatcher } from "./generated/index.js";

const client = new Anthropic();
const messages: Anthropic.MessageParam[] = [{ role: "user", content: "What's the weather in Paris?" }];
for (;;) {
  const reply = await client.messages.create({ model: "claude-sonnet-5-5", max_tokens: 1024, tools, messages });
  messages.push({ role: "assistant", content: reply.content });
  if (reply.stop_reason !== "tool_use") break;
  // Every tool_use block is validated and run (concurrently); results come back in order.
  messages.push({ role: "user", content: await dispatcher.dispatchAll(reply.content) });
}
`;

/** The types the loops promise, each checked both ways where it can fail. */
const SDK_RUN_CHECK = `
import Anthropic from "@anthropic-ai/sdk";
import {
  createDispatcher, dispatcher, INLINE_TOOLS_BETA, runLegacyTools, runTools, runToolsStreaming, toolChanges, tools,
  type MessageParam, type RunResult, type ToolContext, type ToolHandlers,
} from "./generated/index.js";

interface Ctx { userId: string; db: { get(key: string): string } }
const client = new Anthropic();
const history: Anthropic.MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
const request = { model: "claude-sonnet-5-5", max_tokens: 1024, messages: history, temperature: 0.2 };

const handlers: ToolHandlers<Ctx> = {
  get_weather: async (input, { context, signal }) => \`\${input.location} \${context.db.get(context.userId)} \${signal.aborted}\`,
  get_ticker_symbol: (input, ctx: ToolContext<Ctx>) => input.company_name + ctx.context.userId,
  // A handler written before the context existed still fits.
  get_current_stock_price: (input, _ctx: ToolContext) => input.symbol,
  get_stock_price: (input) => input.ticker,
};
const typed = createDispatcher<Ctx>(handlers);
const context: Ctx = { userId: "u", db: { get: (k) => k } };

export async function all(block: Anthropic.ToolUseBlock): Promise<RunResult[]> {
  const signal = new AbortController().signal;
  const r1 = await runTools({ client, request, dispatcher: typed, context, signal, timeoutMs: 1000, maxIterations: 5 });
  const r2 = await runToolsStreaming({ client, request, dispatcher: typed, context, onEvent: (e) => void e.type });
  const r3 = await runLegacyTools({ client, request: { ...request, system: "Be brief." }, context });
  const r4 = await runTools({
    client,
    request: { ...request, tool_choice: { type: "tool", name: "get_weather", disable_parallel_tool_use: true } },
  });
  // @ts-expect-error: tool_choice names a tool that does not exist
  await runTools({ client, request: { ...request, tool_choice: { type: "tool", name: "get_wether" } } });
  // @ts-expect-error: a dispatcher with a context type needs its context
  await runTools({ client, request, dispatcher: typed });
  // @ts-expect-error: the wrong context type
  await runTools({ client, request, dispatcher: typed, context: { userId: 1 } });
  const again: readonly MessageParam[] = r1.messages;
  await runTools({ client, request: { ...request, messages: again } });
  const result: Anthropic.ToolResultBlockParam = await typed.dispatch(block, { context, timeoutMs: 50 });
  // @ts-expect-error: dispatch of a typed dispatcher needs the context
  await typed.dispatch(block);
  await dispatcher.dispatch(block);
  await dispatcher.dispatchAll([block], { context: "anything", signal });
  void result;
  // Toolset switches (issue 41): the option, and the helper's blocks in the SDK's beta types.
  const r5 = await runTools({ client, request, switchTools: ({ tools: now }) => (now.length > 1 ? tools.slice(1) : undefined) });
  const betaHistory: Anthropic.Beta.BetaMessageParam[] = [{ role: "user", content: "Weather?" }];
  const blocks = toolChanges<Anthropic.Beta.BetaToolUnion>({ tools, messages: betaHistory }, tools.slice(1));
  betaHistory.push({ role: "system", content: blocks });
  await client.beta.messages.create({ model: "claude-sonnet-5-5", max_tokens: 1024, tools, messages: betaHistory, betas: [INLINE_TOOLS_BETA] });
  // @ts-expect-error: switchTools answers tools, not names
  await runTools({ client, request, switchTools: () => ["get_weather"] });
  return [r1, r2, r3, r4, r5];
}
`;

const HANDLER_WITH_CONTEXT = `import type { ToolContext, ToolInputs } from "../generated/index.js";

export default async function handleGetStockPrice(input: ToolInputs["get_stock_price"], { context }: ToolContext<{ userId: string }>): Promise<unknown> {
  return \`\${input.ticker} for \${context.userId}\`;
}
`;

/** The TypeScript blocks of a page's section (from its heading to the next heading of its level). */
async function snippets(page: string, heading: string): Promise<string[]> {
  const text = await readFile(path.join(repoRoot, page), "utf8");
  const start = text.indexOf(`${heading}\n`);
  expect(start, `${page} has '${heading}'`).toBeGreaterThan(-1);
  const level = /^#+ /.exec(heading)![0];
  const end = text.indexOf(`\n${level}`, start + heading.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

/** The README's run loop (its "Call Claude with your tools" example), then the request context and the handler of docs/dispatch.md's "The run loops". */
async function readmeSnippets(): Promise<string[]> {
  return [...(await snippets("README.md", "### Call Claude with your tools")), ...(await snippets("docs/dispatch.md", "## The run loops"))];
}

describe("the run loops' types", () => {
  it("compile against the SDK's types, with the README's and docs/dispatch.md's snippets and the loop runTools replaced", async () => {
    const dir = await repoTempDir();
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    const out = path.join(dir, "generated");
    const handlers = path.join(dir, "handlers");
    await build({ schemas: path.join(dir, "schemas"), out, handlers, lint: false });
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));

    const snippets = await readmeSnippets();
    // The second, docs/dispatch.md's request context, names the one tool `toolgen init` writes, and the fourth
    // is its inputRequired sample: both compile in test/docs/samples.test.ts, in the project init starts.
    expect(snippets.length).toBe(4);
    const [loop = "", withContext = "", handler = ""] = snippets;
    expect(withContext).toContain("createDispatcher<Ctx>({ get_weather: getWeather })");
    expect(loop).toContain("runTools(");
    const extra: string[] = [];
    const put = async (name: string, text: string) => {
      await writeFile(path.join(dir, name), text);
      extra.push(path.join(dir, name));
    };
    await put("readme-loop.ts", loop);
    await put("replaced-loop.ts", REPLACED_LOOP);
    await put("sdk-run-check.ts", SDK_RUN_CHECK);
    // docs/dispatch.md's handler is handlers/get_weather.ts; another handler file types its context.
    await writeFile(path.join(handlers, "get_weather.ts"), handler);
    await writeFile(path.join(handlers, "get_stock_price.ts"), HANDLER_WITH_CONTEXT);

    const generated = [...(await readTree(out)).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(out, f));
    const handlerFiles = (await readdir(handlers)).map((f) => path.join(handlers, f));
    expect(typecheck([...generated, ...handlerFiles, ...extra], "nodenext")).toEqual([]);
  });
});
