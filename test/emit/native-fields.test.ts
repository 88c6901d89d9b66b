/**
 * Claude's newer tool fields (issue 15) pass through to tools.json and tools.ts, typed to stay
 * assignable to the SDK's `Tool`; the `cacheTools` option marks the last tool that is not deferred.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nativeTools } from "../../src/targets/anthropic/native-emit.js";
import { build } from "../../src/pipeline.js";
import type { BundledTool, JsonObject, ToolFields } from "../../src/model.js";
import { fixture, readTree } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

async function buildFields(options: { cacheTools?: boolean; lint?: boolean } = {}) {
  const dir = await repoTempDir();
  await cp(fixture("fields", "schemas"), path.join(dir, "schemas"), { recursive: true });
  const p = { dir, schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: options.lint ?? true, cache: false, ...(options.cacheTools !== undefined ? { cacheTools: options.cacheTools } : {}) });
  return p;
}

describe("newer tool fields in tools.json and tools.ts", () => {
  it("pass through as written, in a fixed order, cache_control on the last tool not deferred (golden)", async () => {
    const p = await buildFields({ cacheTools: true });
    const json = await readFile(path.join(p.out, "tools.json"), "utf8");
    await expect(json).toMatchFileSnapshot(fixture("fields", "expected", "tools.json"));
    const tools = JSON.parse(json) as JsonObject[];
    expect(tools.map((t) => Object.keys(t))).toEqual([
      ["name", "description", "input_schema", "type", "strict", "input_examples", "allowed_callers", "eager_input_streaming"],
      ["name", "description", "input_schema", "cache_control", "defer_loading"],
      // The option's cache_control comes last, after the file's own fields.
      ["name", "description", "input_schema", "strict", "eager_input_streaming", "cache_control"],
      ["name", "description", "input_schema", "defer_loading", "allowed_callers"],
    ]);
    // The file's own cache_control (b_search, deferred) is kept; the option's goes on c_notify.
    expect(tools[1]?.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
    expect(tools[2]?.cache_control).toEqual({ type: "ephemeral" });
    // x- fields are the user's own: not sent to the API.
    expect(json).not.toContain("x-owner");
  });

  it("without the option, no cache_control is added", async () => {
    const p = await buildFields();
    const tools = JSON.parse(await readFile(path.join(p.out, "tools.json"), "utf8")) as JsonObject[];
    expect(tools.filter((t) => Object.hasOwn(t, "cache_control")).map((t) => t.name)).toEqual(["b_search"]);
  });

  it("the legacy prompt and the other outputs ignore them", async () => {
    const p = await buildFields({ cacheTools: true });
    const tree = await readTree(p.out);
    for (const [file, text] of tree) {
      if (file === "tools.json" || file === "tools.ts") continue;
      for (const field of ["input_examples", "defer_loading", "allowed_callers", "eager_input_streaming", "cache_control"]) {
        expect(text.includes(`"${field}"`), `${file} mentions ${field}`).toBe(false);
      }
    }
  });

  it("tools.ts, and every emitted value as a literal, type-check against the SDK's Tool", async () => {
    const p = await buildFields({ cacheTools: true });
    const json = await readFile(path.join(p.out, "tools.json"), "utf8");
    await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
    await writeFile(
      path.join(p.dir, "sdk-check.ts"),
      [
        `import type { Tool } from "@anthropic-ai/sdk/resources/messages";`,
        `import { tools, type ToolDefinition } from "./generated/tools.js";`,
        `export const asSdkTools: Tool[] = tools;`,
        `export const one: Tool = tools[0]!;`,
        // The values themselves (tools.ts parses them from JSON text, so its type alone does not check them).
        `export const literal: ToolDefinition[] = ${json.trim()};`,
        `export const literalAsSdk: Tool[] = ${json.trim()};`,
        `export const strict: boolean | undefined = tools[0]!.strict;`,
      ].join("\n") + "\n",
    );
    const files = [...(await readTree(p.out)).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(p.out, f));
    files.push(path.join(p.dir, "sdk-check.ts"));
    expect(typecheck(files, "nodenext")).toEqual([]);
  });

  it("a value the SDK's Tool rejects fails the same check (the check can fail)", async () => {
    const p = await buildFields();
    await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
    await writeFile(
      path.join(p.dir, "sdk-check.ts"),
      `import type { ToolDefinition } from "./generated/tools.js";\nexport const bad: ToolDefinition = { name: "a_lookup", input_schema: { type: "object" }, allowed_callers: ["someone"] };\n`,
    );
    const files = [path.join(p.out, "tools.ts"), path.join(p.out, "types.ts"), path.join(p.dir, "sdk-check.ts")];
    expect(typecheck(files, "nodenext").join("\n")).toContain("someone");
  });

  it("a wrong type stops the build, even with --no-lint", async () => {
    const dir = await repoTempDir();
    await cp(fixture("fields", "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "schemas", "c_notify.json"), JSON.stringify({ name: "c_notify", description: "d", input_schema: { type: "object" }, strict: "yes" }));
    const run = build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false, cache: false });
    await expect(run).rejects.toMatchObject({ diagnostics: [expect.objectContaining({ rule: "tool-field-type", pointer: "/strict", message: '`strict` must be true or false, not "yes"' })] });
  });
});

describe("nativeTools' cacheTools", () => {
  const tool = (name: string, fields?: ToolFields): BundledTool => ({
    name,
    inputSchema: { type: "object" },
    bundledSchema: { type: "object" },
    source: { absPath: `/${name}.json`, displayPath: `${name}.json`, format: "json", text: "" },
    ...(fields ? { fields } : {}),
  });
  const marked = (tools: BundledTool[], cacheTools = true) => nativeTools(tools, { cacheTools }).flatMap((t) => (Object.hasOwn(t, "cache_control") ? [[t.name, t.cache_control]] : []));

  it("marks the last tool", () => expect(marked([tool("a"), tool("b")])).toEqual([["b", { type: "ephemeral" }]]));
  it("skips deferred tools (they are not part of the cached prefix)", () =>
    expect(marked([tool("a"), tool("b"), tool("c", { defer_loading: true })])).toEqual([["b", { type: "ephemeral" }]]));
  it("keeps a tool's own cache_control, even null", () => {
    expect(marked([tool("a"), tool("b", { cache_control: null })])).toEqual([["b", null]]);
    expect(marked([tool("a"), tool("b", { cache_control: { type: "ephemeral", ttl: "1h" } })])).toEqual([["b", { type: "ephemeral", ttl: "1h" }]]);
  });
  it("marks nothing when every tool is deferred, or when off", () => {
    expect(marked([tool("a", { defer_loading: true })])).toEqual([]);
    expect(marked([tool("a"), tool("b")], false)).toEqual([]);
  });
  it("does not mutate the tools", () => {
    const tools = [tool("a", { strict: true })];
    const before = JSON.stringify(tools);
    nativeTools(tools, { cacheTools: true });
    expect(JSON.stringify(tools)).toBe(before);
  });
});
