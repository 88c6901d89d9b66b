/** The `cacheTools` config option: cache_control on the last tool of tools.json (issue 15). */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectWith, toolgen, toolJson } from "../load/cli-run.js";

const tools = { "schemas/a.json": toolJson("a", { type: "object" }), "schemas/b.json": toolJson("b", { type: "object" }) };

describe("cacheTools", () => {
  it("true in the config: the last tool of tools.json and tools.ts gets cache_control", async () => {
    const dir = await projectWith({ ...tools, "toolgen.config.json": JSON.stringify({ cacheTools: true }) });
    const run = toolgen(dir, "build");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const json = JSON.parse(readFileSync(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string; cache_control?: unknown }[];
    expect(json.map((t) => [t.name, t.cache_control])).toEqual([["a", undefined], ["b", { type: "ephemeral" }]]);
    const ts = readFileSync(path.join(dir, "generated", "tools.ts"), "utf8");
    expect(ts.indexOf(`"name": "b"`)).toBeGreaterThan(ts.indexOf(`"name": "a"`));
    expect(ts.indexOf(`"cache_control": {`)).toBeGreaterThan(ts.indexOf(`"name": "b"`));
    expect(ts.indexOf(`"name": "a"`)).toBeGreaterThan(0);
  });

  it("turning it off rebuilds tools.json (the option is part of the cache key)", async () => {
    const dir = await projectWith({ ...tools, "toolgen.config.json": JSON.stringify({ cacheTools: true }) });
    expect(toolgen(dir, "build").code).toBe(0);
    const config = path.join(dir, "toolgen.config.json");
    writeFileSync(config, JSON.stringify({ cacheTools: false }));
    expect(toolgen(dir, "build").code).toBe(0);
    expect(readFileSync(path.join(dir, "generated", "tools.json"), "utf8")).not.toContain("cache_control");
  });

  it("a value that is not true or false is a usage error (exit 2)", async () => {
    const dir = await projectWith({ ...tools, "toolgen.config.json": JSON.stringify({ cacheTools: "yes" }) });
    const run = toolgen(dir, "build");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'cacheTools' must be true or false");
  });
});
