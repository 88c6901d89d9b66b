import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emitNative, nativeTools } from "../../src/targets/anthropic/native-emit.js";
import { memoByTool, memoSize, nextGeneration } from "../../src/emit/tool-memo.js";
import type { BundledTool } from "../../src/model.js";
import { build } from "../../src/pipeline.js";
import { project, readTree, repoRoot } from "../helpers.js";

const tool = (name: string, description: string | undefined, schema: Record<string, unknown>): BundledTool => ({
  name,
  ...(description === undefined ? {} : { description }),
  inputSchema: schema as BundledTool["inputSchema"],
  bundledSchema: schema as BundledTool["bundledSchema"],
  source: { absPath: `/x/${name}.json`, displayPath: `${name}.json`, text: "" } as BundledTool["source"],
});

describe("per-tool memo of the emitters (watch rebuilds)", () => {
  it("gives a value per tool content: same content hits, other content or kind computes", () => {
    nextGeneration();
    nextGeneration();
    let calls = 0;
    const a = tool("a", "A tool.", { type: "object" });
    const sameAsA = tool("a", "A tool.", { type: "object" });
    expect(memoByTool("k", a, () => ++calls)).toBe(1);
    expect(memoByTool("k", sameAsA, () => ++calls)).toBe(1);
    expect(memoByTool("other", a, () => ++calls)).toBe(2);
    expect(memoByTool("k", tool("a", "A tool!", { type: "object" }), () => ++calls)).toBe(3);
    expect(memoByTool("k", tool("a", undefined, { type: "object" }), () => ++calls)).toBe(4);
    expect(memoByTool("k", tool("a", "A tool.", { type: "object", properties: {} }), () => ++calls)).toBe(5);
    // Kept for one more build, then dropped unless used: memory stays bounded.
    nextGeneration();
    expect(memoByTool("k", a, () => ++calls)).toBe(1);
    nextGeneration();
    nextGeneration();
    expect(memoSize()).toBe(0);
    expect(memoByTool("k", a, () => ++calls)).toBe(6);
  });

  it("writes tools.json exactly as JSON.stringify(array, null, 2) does", () => {
    const tools = [
      tool("a", "Line one.\nLine \"two\".", { type: "object", properties: { x: { type: "array", items: [], default: {} } } }),
      tool("b", undefined, { type: "object", properties: {}, required: [] }),
    ];
    for (const list of [tools, [], tools.slice(1)]) {
      nextGeneration();
      const json = emitNative(list).find((f) => f.path === "tools.json")!.contents;
      expect(json).toBe(JSON.stringify(nativeTools(list), null, 2) + "\n");
    }
  });

  it("a rebuild in the same process after a one-file change writes what a fresh uncached build writes", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const cacheDir = path.join(p.dir, "cache");
    const run = (extra: { cache?: boolean } = {}) => build({ schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir, ...extra });
    await run();
    const file = path.join(p.schemas, "get_weather.json");
    for (const [from, to] of [
      ["e.g. San Francisco, CA", "e.g. Lyon, France"],
      ["e.g. Lyon, France", "e.g. San Francisco, CA"],
    ] as const) {
      await writeFile(file, (await readFile(file, "utf8")).replace(from, to));
      const result = await run();
      expect(result.written.some((f) => f.endsWith("tools.json"))).toBe(true);
      const rebuilt = await readTree(p.out);
      expect(rebuilt.get("tools.json")).toContain(to);
      expect(rebuilt.get("legacy-prompt.txt")).toContain(to);
      await rm(p.out, { recursive: true });
      nextGeneration();
      nextGeneration();
      await run({ cache: false });
      expect(await readTree(p.out)).toEqual(rebuilt);
    }
  });
});
