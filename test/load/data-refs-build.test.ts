/**
 * Issue 24 N14: an object shaped like a reference inside data (`const`, `default`, `enum`,
 * `examples`) is data, not a `$ref`, in every output. The fixture holds such objects next to a real
 * reference to another file (so the bundler copies), and one inside the file it copies, naming
 * files that do not exist. The command-line build writes every default output plus mcp, openai
 * (strict) and gemini (`parameters`); tsc compiles it with the handler; the compiled code accepts
 * an input holding that data and sends the data unchanged to each provider.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { fixture, readTree } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";
import { compile } from "../mcp/harness.js";
import { toolgen } from "./cli-run.js";

const OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index", "mcp", "openai", "gemini"];

const A = { $ref: "./x.json" };
const B = { $ref: "#/properties/a" };
const C = { $ref: "./x.json#/y" };
const D = { $ref: "../x.json" };
const KIND = { $ref: "../missing.json#/x" };

describe("N14: $ref-shaped data is data in every output", () => {
  it("builds, compiles with tsc, validates and sends the data unchanged", async () => {
    const dir = await repoTempDir();
    await cp(fixture("data-refs", "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ outputs: OUTPUTS, openaiStrict: true, geminiSchemaField: "parameters" }));
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const run = toolgen(dir, "build");
    expect(run.stderr).not.toMatch(/: error |internal error/);
    expect(run.code).toBe(0);

    const types = await readFile(path.join(dir, "generated", "types", "pick.ts"), "utf8");
    expect(types).toContain('a: { $ref: "./x.json" };');
    expect(types).toContain('kind: { $ref: "../missing.json#/x" };');

    const handler = path.join(dir, "handlers", "pick.ts");
    const stub = await readFile(handler, "utf8");
    await writeFile(handler, stub.replace(/  void input;.*\n  throw new Error\(.*\);\n/, "  return input.a.$ref + input.place.kind.$ref;\n"));
    const files = [...(await readTree(path.join(dir, "generated"))).keys()]
      .filter((f) => f.endsWith(".ts") || f.endsWith(".mjs"))
      .map((f) => path.join(dir, "generated", f));
    expect(compile(dir, [...files, handler])).toEqual([]);
    await writeFile(path.join(dir, "dist", "package.json"), JSON.stringify({ type: "module" }));

    const load = async (file: string): Promise<Record<string, unknown>> => (await import(pathToFileURL(path.join(dir, "dist", "generated", file)).href)) as Record<string, unknown>;
    const index = await load("index.js");
    const dispatcher = index["dispatcher"] as { dispatch(block: unknown): Promise<{ content: unknown; is_error?: boolean }> };
    const input = { a: A, b: B, c: C, d: D, place: { kind: KIND } };
    const ok = await dispatcher.dispatch({ type: "tool_use", id: "t1", name: "pick", input });
    expect(ok.is_error).not.toBe(true);
    expect(JSON.stringify(ok.content)).toContain("./x.json../missing.json#/x");
    const wrong = await dispatcher.dispatch({ type: "tool_use", id: "t2", name: "pick", input: { ...input, a: { $ref: "./y.json" } } });
    expect(wrong.is_error).toBe(true);

    type Props = Record<string, Record<string, unknown>>;
    const tools = index["tools"] as { input_schema: { properties: Props } }[];
    expect(tools[0]!.input_schema.properties["a"]!["const"]).toEqual(A);
    expect(tools[0]!.input_schema.properties["d"]!["examples"]).toEqual([D]);
    const openai = (await load("openai.js"))["chatCompletionTools"] as { function: { strict: boolean; parameters: { properties: Props } } }[];
    expect(openai[0]!.function.strict).toBe(true);
    expect(openai[0]!.function.parameters.properties["a"]!["const"]).toEqual(A);
    expect(openai[0]!.function.parameters.properties["c"]!["enum"]).toEqual([C, 1]);
    const gemini = (await load("gemini.js"))["functionDeclarations"] as { parameters: { properties: Props } }[];
    expect(gemini[0]!.parameters.properties["b"]!["default"]).toEqual(B);
    const mcp = (await load("mcp/server.js"))["mcpTools"] as { inputSchema: { properties: Props } }[];
    expect(mcp[0]!.inputSchema.properties["c"]!["enum"]).toEqual([C, 1]);
  });
});
