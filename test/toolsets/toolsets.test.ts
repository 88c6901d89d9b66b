/**
 * Issue 28, toolsets: named subsets by name, glob and tag, each with its own tools arrays (Anthropic,
 * OpenAI, Gemini), types and a dispatcher that answers only its tools; the config's checks; the caps
 * of the targets and of the clients the config names. Run as users run it: the shipped bin in a
 * scratch project, the generated code compiled with tsc against the SDKs' types, then run.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoTempDir } from "../e2e/compile.js";
import { compile } from "../mcp/harness.js";
import { tempDir } from "../helpers.js";
import { tools } from "../../bench/tool-catalog.mjs";
import { catalogProject, toolgen } from "./project.js";

const OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "openai", "gemini", "toolsets"];

/** Assignments that do not compile if a toolset's arrays or dispatchers do not fit the SDKs' types. */
function sdkCheck(sets: readonly string[]): string {
  return [
    `import type Anthropic from "@anthropic-ai/sdk";`,
    `import type OpenAI from "openai";`,
    `import type { FunctionDeclaration } from "@google/genai";`,
    ...sets.map((s, i) => `import * as set${i} from "./generated/toolsets/${s}.js";`),
    ...sets.flatMap((_, i) => [
      `export const anthropic${i}: Anthropic.Tool[] = set${i}.tools;`,
      `export const chat${i}: OpenAI.ChatCompletionTool[] = set${i}.chatCompletionTools;`,
      `export const responses${i}: OpenAI.Responses.FunctionTool[] = set${i}.responsesTools;`,
      `export const gemini${i}: FunctionDeclaration[] = set${i}.functionDeclarations;`,
    ]),
    ``,
  ].join("\n");
}

async function compiledProject(n: number, config: Record<string, unknown>): Promise<{ dir: string; problems: string[]; sets: string[] }> {
  const dir = await repoTempDir();
  await catalogProject(dir, n, { outputs: OUTPUTS, ...config });
  const built = toolgen(dir, ["build"]);
  expect(built.code, built.stderr).toBe(0);
  const sets = (await readdir(path.join(dir, "generated", "toolsets"))).map((f) => f.replace(/\.ts$/, ""));
  await writeFile(path.join(dir, "sdk-check.ts"), sdkCheck(sets));
  const files = [path.join(dir, "sdk-check.ts"), ...sets.map((s) => path.join(dir, "generated", "toolsets", `${s}.ts`))];
  return { dir, problems: compile(dir, files, []), sets };
}

describe("toolsets (issue 28)", () => {
  it("selects by name, glob and tag; each set's arrays fit the SDKs; its dispatcher answers only its tools", async () => {
    const billing = tools(120).find((t) => t.name.startsWith("billing_"))!.name;
    const hr = tools(120).find((t) => t.name.startsWith("hr_"))!.name;
    const config = { toolsets: { orders: ["shop_*_order", billing], people: { tags: ["people"] }, mixed: { tools: [hr], tags: ["logistics"] } } };
    const { dir, problems, sets } = await compiledProject(120, config);
    expect(problems).toEqual([]);
    expect(sets.sort()).toEqual(["mixed", "orders", "people"]);
    const orders = await readFile(path.join(dir, "generated", "toolsets", "orders.ts"), "utf8");
    const names = [...orders.matchAll(/^  "([^"]+)",$/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((n) => /^shop_.*_order$/.test(n!) || n === billing)).toBe(true);
    expect(names).toContain(billing);
    // tags are toolgen's own: never in what is sent to a provider.
    expect(await readFile(path.join(dir, "generated", "tools.json"), "utf8")).not.toContain('"tags"');

    const mod = (await import(pathToFileURL(path.join(dir, "dist", "generated", "toolsets", "orders.js")).href)) as {
      tools: { name: string }[];
      toolNames: readonly string[];
      dispatcher: { dispatch(b: unknown): Promise<{ is_error?: boolean; content?: unknown }>; dispatchAll(c: unknown[]): Promise<{ is_error?: boolean; content?: unknown }[]> };
      createDispatcher(h: Record<string, (input: unknown) => unknown>, options?: { repair?: boolean }): { dispatch(b: unknown): Promise<{ is_error?: boolean; content?: unknown }>; dispatchFunctionCalls(text: string): Promise<string> };
    };
    expect(mod.tools.map((t) => t.name)).toEqual(names);
    const handlers = Object.fromEntries(mod.toolNames.map((n) => [n, () => ({ ok: n })]));
    const own = mod.createDispatcher(handlers);
    const shopTool = tools(120).find((t) => t.name === names[0])!;
    const input = Object.fromEntries((shopTool.input_schema.required ?? []).map((k) => [k, shopTool.input_schema.properties[k]!.type === "boolean" ? true : "x"]));
    const inSet = await own.dispatch({ type: "tool_use", id: "a", name: shopTool.name, input });
    expect(inSet.is_error, JSON.stringify(inSet)).toBeUndefined();
    expect(JSON.stringify(inSet.content)).toContain(shopTool.name);
    const outside = await own.dispatch({ type: "tool_use", id: "b", name: hr, input: {} });
    expect(outside).toMatchObject({ is_error: true });
    expect(String(outside.content)).toContain("not in the toolset 'orders'");
    // A legacy block with an in-set and an out-of-set invoke: the in-set one runs, only the other is refused.
    const stringTool = tools(120).find((t) => names.includes(t.name) && (t.input_schema.required ?? []).every((k) => t.input_schema.properties[k]!.type === "string"))!;
    const params = (stringTool.input_schema.required ?? []).map((k) => `<parameter name="${k}">x</parameter>`).join("");
    const legacy = await own.dispatchFunctionCalls(`<function_calls><invoke name="${stringTool.name}">${params}</invoke><invoke name="${hr}"></invoke></function_calls>`);
    expect(legacy).toMatch(new RegExp(`^<function_results>\n<result>\n<tool_name>${stringTool.name}</tool_name>\n<stdout>\n[^<]*${stringTool.name}[^<]*\n</stdout>\n</result>\n<error>\nError: the tool '${hr}' is not in the toolset 'orders' [^<]*\n</error>\n</function_results>$`));
    // With the legacy output, a toolset's createDispatcher reads a legacy parameter as the folder's does
    // (a number, a boolean): "3" reaches the handler as 3, not a validation error, with repair off too.
    const typed = tools(120).find((t) => names.includes(t.name) && Object.values(t.input_schema.properties).some((p) => p.type === "integer" || p.type === "number" || p.type === "boolean"))!;
    const typedKey = Object.keys(typed.input_schema.properties).find((k) => ["integer", "number", "boolean"].includes(typed.input_schema.properties[k]!.type as string))!;
    const typedValue = typed.input_schema.properties[typedKey]!.type === "boolean" ? "true" : "3";
    const typedParams = [...new Set([...(typed.input_schema.required ?? []), typedKey])]
      .map((k) => `<parameter name="${k}">${k === typedKey ? typedValue : typed.input_schema.properties[k]!.type === "string" ? "x" : typed.input_schema.properties[k]!.type === "boolean" ? "true" : "3"}</parameter>`)
      .join("");
    const seen: unknown[] = [];
    const typedOwn = mod.createDispatcher({ ...handlers, [typed.name]: (input: unknown) => (seen.push(input), "done") }, { repair: false });
    const typedResult = await typedOwn.dispatchFunctionCalls(`<function_calls><invoke name="${typed.name}">${typedParams}</invoke></function_calls>`);
    expect(typedResult).toContain("<stdout>\ndone\n</stdout>");
    expect((seen[0] as Record<string, unknown>)[typedKey]).toBe(typedValue === "true" ? true : 3);
    const all = await mod.dispatcher.dispatchAll([{ type: "text", text: "x" }, { type: "tool_use", id: "c", name: "no_such_tool", input: {} }]);
    expect(all).toHaveLength(1);
    expect(String(all[0]!.content)).toContain("toolset 'orders'");
  });

  it("checks the config: an unknown name, an empty match, a bad shape, naming the file and key (exit 2)", async () => {
    const real = tools(60)[3]!.name;
    const typo = real.slice(0, -1);
    const cases: [unknown, RegExp][] = [
      [{ support: [typo] }, new RegExp(`toolgen\\.config\\.json: 'toolsets\\.support' names '${typo}', which is no tool \\(did you mean '${real}'\\?\\)`)],
      [{ support: ["nothing_*"] }, /'toolsets\.support': the glob 'nothing_\*' matches no tool/],
      [{ support: { tags: ["nope"] } }, /'toolsets\.support': no tool has the tag 'nope'/],
      [{ support: [] }, /toolgen\.config\.json: 'toolsets\.support' is empty/],
      [{ Support: ["x"] }, /toolset name 'Support' must be lower-case/],
      [{ support: { tool: ["x"] } }, /'toolsets\.support' has an unknown key 'tool'/],
    ];
    for (const [toolsets, message] of cases) {
      const dir = await tempDir("toolgen-toolsets-");
      await catalogProject(dir, 60, { toolsets });
      const r = toolgen(dir, ["build"]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it("reports a toolset over a target's or a client's cap with its source (exit 1); the folder over one is a warning", async () => {
    const dir = await tempDir("toolgen-toolsets-");
    // 210 tools: the 'big' toolset holds 110 of them, over Windsurf's 100; 'small' holds 24.
    await catalogProject(dir, 210, { toolsets: { big: ["*_get_*", "*_list_*", "*_search_*", "*_update_*", "*_create_*"], small: ["shop_*"] }, clients: ["windsurf"] });
    const r = toolgen(dir, ["build"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the toolset 'big' has \d+ tools, over Windsurf's cap of 100 \(source: https:\/\/docs\.windsurf\.com\/windsurf\/cascade\/mcp\)/);
    expect(r.stderr).not.toMatch(/toolset 'small'/);
    // toolgen lint reports the same, naming the config file.
    const lint = toolgen(dir, ["lint"]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/toolgen\.config\.json[\s\S]*the toolset 'big' has \d+ tools, over Windsurf's cap of 100 \(source: https:\/\/docs\.windsurf\.com/);
    const openai = await tempDir("toolgen-toolsets-");
    await catalogProject(openai, 140, { toolsets: { small: ["shop_*"] }, outputs: OUTPUTS });
    const ok = toolgen(openai, ["build"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/warning .*the folder has 140 tools, over OpenAI's cap of 128 \(source: https:\/\/platform\.openai\.com/);
  });
});
