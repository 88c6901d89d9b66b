/**
 * Issue 11 item 4: removing a tool must leave a project that compiles. The build keeps the tool's
 * handler (its body untouched) and `ToolInputs` keeps a deprecated entry for the name the handler
 * uses, so tsc passes; the build's note says what to do with the file.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { readTree, repoRoot } from "../helpers.js";
import { repoTempDir, typecheck } from "./compile.js";

async function tsFiles(dir: string, sub: string): Promise<string[]> {
  return [...(await readTree(path.join(dir, sub))).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(dir, sub, f));
}

describe("removing a tool", () => {
  it("keeps the project compiling, leaves the handler's body alone, and says what to do", async () => {
    const dir = await repoTempDir();
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const options = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false };
    await build(options);
    // The user's code reads the input's fields: it must still compile once the schema is gone.
    const handler = path.join(dir, "handlers", "get_weather.ts");
    const body = (await readFile(handler, "utf8")).replace(
      /  throw new Error\(.*\);\n/,
      "  return `${input.location} (${input.unit ?? \"celsius\"}) for ${_context.toolUseId}`;\n",
    );
    await writeFile(handler, body);
    expect(typecheck([...(await tsFiles(dir, "generated")), ...(await tsFiles(dir, "handlers"))], "nodenext")).toEqual([]);

    await rm(path.join(dir, "schemas", "get_weather.json"));
    const result = await build(options);

    expect(await readFile(handler, "utf8")).toBe(body);
    expect(typecheck([...(await tsFiles(dir, "generated")), ...(await tsFiles(dir, "handlers"))], "nodenext")).toEqual([]);
    const types = await readFile(path.join(dir, "generated", "types.ts"), "utf8");
    expect(types).toMatch(/@deprecated No schema defines the tool "get_weather" any more/);
    expect(types).not.toMatch(/import type \{ GetWeatherInput \}/);
    expect(result.notes.join("\n")).toMatch(/get_weather\.ts: no tool has this handler any more.*delete/);
    // The removed tool is no tool: not in the tools array, not dispatched.
    const tools = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string }[];
    expect(tools.map((t) => t.name)).not.toContain("get_weather");

    // Deleting the handler, as the note says, leaves no trace in the types after the next build.
    await rm(handler);
    await build(options);
    expect(await readFile(path.join(dir, "generated", "types.ts"), "utf8")).not.toMatch(/@deprecated|RemovedToolInputs|GetWeatherInput/);
    expect(typecheck([...(await tsFiles(dir, "generated")), ...(await tsFiles(dir, "handlers"))], "nodenext")).toEqual([]);
  });
});
