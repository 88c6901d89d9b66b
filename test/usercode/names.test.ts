import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { assignNames, fileStem, tsString } from "../../src/emit/names.js";
import { build } from "../../src/pipeline.js";
import { mulberry32, tempDir } from "../helpers.js";

const ALPHABET = "abcABC_-09zZ";

describe("10.9: a tool's file name depends on its name alone", () => {
  it("keeps the file of a tool when another tool is added (Get_Weather next to get_weather, con next to con_)", () => {
    const before = assignNames(["con_", "get_weather"]);
    const after = assignNames(["CON", "Get_Weather", "con", "con_", "get_weather"].sort());
    expect(after.get("get_weather")?.file).toBe(before.get("get_weather")?.file);
    expect(after.get("con_")?.file).toBe(before.get("con_")?.file);
    expect(after.get("get_weather")?.file).toBe("get_weather");
    expect(after.get("con_")?.file).toBe("con_");
    const files = [...after.values()].map((n) => n.file.toLowerCase());
    expect(new Set(files).size).toBe(files.length);
  });

  it("all-lowercase names keep their file name; device names and upper case are escaped", () => {
    for (const n of ["get_weather", "3d_render", "__proto__", "a-b", "com10", "con_"]) expect(fileStem(n)).toBe(n);
    expect(fileStem("con")).toBe("con~0");
    expect(fileStem("CON")).toBe("CON~7");
    expect(fileStem("Get_Weather")).toBe("Get_Weather~11");
    expect(fileStem("A".repeat(128)).length).toBeLessThanOrEqual(128 + 1 + 32);
  });

  it("is injective and distinct under case folding, whatever the set (property, fixed seed)", () => {
    const rand = mulberry32(20261122);
    const seen = new Map<string, string>();
    for (let i = 0; i < 20000; i++) {
      const len = 1 + Math.floor(rand() * 5);
      let name = "";
      for (let k = 0; k < len; k++) name += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      const folded = fileStem(name).toLowerCase();
      const other = seen.get(folded);
      if (other !== undefined) expect(other).toBe(name);
      seen.set(folded, name);
      expect(fileStem(name)).not.toMatch(/^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i);
      expect(fileStem(name)).toMatch(/^[A-Za-z0-9_~-]+$/);
    }
    // The file never depends on the rest of the set.
    const names = [...new Set(seen.values())].sort();
    const all = assignNames(names);
    const half = assignNames(names.filter((_, i) => i % 2 === 0));
    for (const [tool, n] of half) expect(all.get(tool)?.file).toBe(n.file);
  });
});

describe("10.10: names are checked by the emitters and escaped in code", () => {
  it("tsString escapes what ends a comment or a line, and stays a valid literal", () => {
    for (const s of ["a*/b", 'q"q', "x\u2028y\u2029z", "//", "\\", "a*//b"]) {
      const lit = tsString(s);
      expect(lit).not.toContain("*/");
      expect(lit).not.toMatch(/[\u2028\u2029\n\r]/);
      expect(JSON.parse(lit)).toBe(s);
    }
  });

  for (const name of ["../../src/app", "x*/globalThis.pwned=1;/*", 'a"b', "a\u2028globalThis.pwned=1", "a".repeat(129)]) {
    it(`refuses the tool name ${JSON.stringify(name).slice(0, 30)} with lint off, writing nothing`, async () => {
      const dir = await tempDir();
      const schemas = path.join(dir, "schemas");
      await mkdir(schemas);
      await writeFile(path.join(schemas, "t.json"), JSON.stringify({ name, description: "A tool. It does things.", input_schema: { type: "object" } }));
      await mkdir(path.join(dir, "src"));
      await writeFile(path.join(dir, "src", "app.ts"), "// mine\n");
      const error = await build({ schemas, out: path.join(dir, "gen"), handlers: path.join(dir, "h"), lint: false, cache: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InputError);
      const d = (error as InputError).diagnostics[0];
      expect(d?.file).toContain("t.json");
      expect(d?.tool).toBe(name);
      expect(await readFile(path.join(dir, "src", "app.ts"), "utf8")).toBe("// mine\n");
      expect(await readdir(dir)).toEqual(["schemas", "src"]);
    });
  }
});

describe("10.10: descriptions cannot break out of generated code either", () => {
  it("a description with */, // and U+2028 builds with lint off, imports without running anything, and survives intact", async () => {
    const { repoTempDir } = await import("../e2e/compile.js");
    const dir = await repoTempDir();
    const schemas = path.join(dir, "schemas");
    await mkdir(schemas);
    const description = "Ends */ globalThis.pwnedA = 1; /* and \u2028 globalThis.pwnedB = 1; // x";
    const tool = {
      name: "evil_tool",
      description,
      input_schema: { type: "object", properties: { "a*/b": { type: "string", description: "p */ globalThis.pwnedC = 1; /*\u2028 y" } } },
    };
    await writeFile(path.join(schemas, "t.json"), JSON.stringify(tool));
    await build({ schemas, out: path.join(dir, "gen"), handlers: path.join(dir, "h"), lint: false, cache: false });
    const tools = (await import(path.join(dir, "gen", "tools.ts"))) as { tools: { description: string }[] };
    const legacy = (await import(path.join(dir, "gen", "legacy.ts"))) as { legacySystemPrompt: string };
    await import(path.join(dir, "gen", "types", "evil_tool.ts"));
    await import(path.join(dir, "h", "evil_tool.ts")).catch(() => undefined);
    const g = globalThis as Record<string, unknown>;
    expect([g.pwnedA, g.pwnedB, g.pwnedC]).toEqual([undefined, undefined, undefined]);
    expect(tools.tools[0]?.description).toBe(description);
    expect(legacy.legacySystemPrompt).toContain("globalThis.pwnedB");
  });
});

describe("10.9: upgrading from the earlier file names", () => {
  it("a handler under the earlier name of a tool with capitals is kept, and the note says where its code goes", async () => {
    const dir = await tempDir();
    const schemas = path.join(dir, "schemas");
    await mkdir(schemas);
    await mkdir(path.join(dir, "h"));
    await writeFile(path.join(schemas, "t.json"), JSON.stringify({ name: "getWeather", description: "Weather. For a place.", input_schema: { type: "object" } }));
    await writeFile(path.join(dir, "h", "getWeather.ts"), "// my code\n");
    const result = await build({ schemas, out: path.join(dir, "gen"), handlers: path.join(dir, "h"), cache: false });
    expect(await readFile(path.join(dir, "h", "getWeather.ts"), "utf8")).toBe("// my code\n");
    expect(result.notes.join("\n")).toMatch(/getWeather\.ts was the handler of "getWeather".*now getWeather~8\.ts/);
  });
});
