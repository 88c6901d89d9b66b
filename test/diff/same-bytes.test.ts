/**
 * diff skips a tool whose file is byte-identical on both sides, and bundled from that file alone,
 * before any schema work (src/diff/engine.ts sameBytes; issue 39 item 7): its schema is never walked.
 * A tool whose text is the same but whose declared dialect differs (a config's `defaultDialect`), or
 * whose bundle copied another file, is still compared.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffTools } from "../../src/diff/engine.js";
import { assembleFolder, bundleTools, type LoadOptions } from "../../src/load/index.js";
import { parseSource } from "../../src/load/read.js";
import type { BundledTool, JsonObject } from "../../src/model.js";

const root = path.resolve("/nowhere/schemas");
const weather = (maximum: number) =>
  JSON.stringify({ name: "get_weather", description: "Get the weather for a city. Use it when the user asks about the weather.", input_schema: { type: "object", properties: { days: { type: "integer", minimum: 1, maximum } }, required: ["days"] } }, null, 2);

async function side(text: string, options: LoadOptions = {}): Promise<BundledTool[]> {
  const file = await parseSource(path.join(root, "get_weather.json"), text, "json");
  return (await bundleTools(assembleFolder(root, [file], { refRoots: [], ...options }))).tools;
}

/** The tool with its (shared, in-place) schema wrapped so that every key read of it is recorded. */
function watched(t: BundledTool, reads: string[]): BundledTool {
  const schema = new Proxy(t.inputSchema, { get: (target, key, receiver) => (reads.push(String(key)), Reflect.get(target, key, receiver)), ownKeys: (target) => (reads.push("(keys)"), Reflect.ownKeys(target)) }) as JsonObject;
  return { ...t, inputSchema: schema, bundledSchema: schema };
}

describe("a tool with the same bytes on both sides", () => {
  it("is not compared: its schema is read for its $schema alone", async () => {
    const reads: string[] = [];
    const [b, h] = [(await side(weather(7)))[0]!, (await side(weather(7)))[0]!];
    expect(diffTools([watched(b, reads)], [watched(h, reads)]).findings).toEqual([]);
    expect(reads.filter((k) => k !== "$schema")).toEqual([]);
  });

  it("is compared when its text changed, or when only the default dialect did", async () => {
    const changed = diffTools(await side(weather(7)), await side(weather(5)));
    expect(changed.findings.map((f) => f.rule)).toEqual(["diff/bound-tightened"]);
    const reads: string[] = [];
    const [b, h] = [(await side(weather(7)))[0]!, (await side(weather(7), { defaultDialect: "draft-07" }))[0]!];
    expect(h.bundledSchema["$schema"]).toBe("http://json-schema.org/draft-07/schema#");
    diffTools([watched(b, reads)], [watched(h, reads)]);
    expect(reads).toContain("(keys)");
  });
});
