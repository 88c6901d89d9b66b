/**
 * The generated folder end to end (a real build): validators are TypeScript modules that are compiled
 * with the project and not type-checked (`// @ts-nocheck`: validators/, runtime/ and the data of legacy.ts only), a schema with a
 * catastrophic pattern dispatches 64 KB in bounded time through the generated index, the RE2 engine
 * is vendored only when some schema has a pattern, and nothing generated imports a package.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { UserError } from "../../src/errors.js";
import { readTree } from "../helpers.js";
import { repoTempDir, typecheck } from "../e2e/compile.js";

const TOOL = {
  name: "count_words",
  description: "Counts the words of a text. Use it for any text. It returns a number.",
  input_schema: {
    type: "object",
    properties: {
      text: { type: "string", description: "The text, letters a only.", pattern: "^(a+)+$" },
      when: { type: "string", description: "A date.", format: "date" },
      limit: { anyOf: [{ type: "integer", maximum: 100 }, { type: "null" }], description: "At most this many." },
    },
    required: ["text"],
  },
};

async function project(tools: unknown[]) {
  const dir = await repoTempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas, { recursive: true });
  for (const t of tools) await writeFile(path.join(schemas, `${(t as { name: string }).name}.json`), JSON.stringify(t, null, 2));
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  // The pattern is a deliberate ReDoS case: pattern-redos warns, which does not stop the build.
  await build({ schemas, out, handlers, lint: true });
  return { dir, out, handlers };
}

interface Generated {
  dispatcher: { dispatch(block: unknown): Promise<{ content?: unknown; is_error?: boolean }> };
}

describe("generated validators", () => {
  it("dispatch through the generated index: patterns bounded, formats and nullable messages", async () => {
    const p = await project([TOOL]);
    const tree = await readTree(p.out);
    expect(tree.has("validators/count_words.ts")).toBe(true);
    expect([...tree.keys()].filter((f) => /\.m[jt]s$/.test(f))).toEqual([]);
    expect(tree.get("runtime/re2.ts")).toContain("@license MIT");
    for (const [file, text] of tree) {
      if (!/\.(js|ts)$/.test(file)) continue;
      for (const m of text.matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
        expect([file, m[1]!.startsWith(".") || m[1]!.startsWith("node:")]).toEqual([file, true]);
      }
      // No validator is type-checked in the user's project (ajv's standalone code; the interpreter's schema
      // data under its typed declaration), nor the runtime's copies (checked by toolgen's own tsc; issue 39:
      // runtime-typecheck.test.ts), nor legacy.ts, data typed by its declarations (issue 36).
      const nocheck = file.startsWith("validators/") || file.startsWith("runtime/") || file === "legacy.ts";
      expect([file, text.split("\n", 2)[1]?.startsWith("// @ts-nocheck: ")]).toEqual([file, nocheck]);
    }
    const files = [...tree.keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(p.out, f));
    files.push(...[...(await readTree(p.handlers)).keys()].map((f) => path.join(p.handlers, f)));
    await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
    expect(typecheck(files, "nodenext")).toEqual([]);

    const handler = path.join(p.handlers, "count_words.ts");
    await writeFile(handler, (await readFile(handler, "utf8")).replace(/  throw new Error\(.*\);\n/, "  return input.text.length;\n"));
    const g = (await import(path.join(p.out, "index.ts"))) as Generated;
    const call = (input: unknown) => g.dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: "count_words", input });
    expect(await call({ text: "aaa" })).toMatchObject({ content: "3" });
    await call({ text: "a" }); // the validator is loaded
    const started = process.cpuUsage();
    const slow = await call({ text: `${"a".repeat(64_000)}!` });
    const used = process.cpuUsage(started);
    expect(slow).toMatchObject({ is_error: true, content: "Error: Parameter 'text' must match the pattern ^(a+)+$" });
    expect((used.user + used.system) / 1000).toBeLessThan(100);
    expect(await call({ text: "a", when: "yesterday" })).toMatchObject({ is_error: true, content: "Error: Parameter 'when' must be a valid date" });
    expect(await call({ text: "a", limit: 500 })).toMatchObject({ is_error: true, content: "Error: Parameter 'limit' must be at most 100" });
  });

  it("a pattern RE2 cannot run is an input error (exit 1) even with lint off, never an internal error", async () => {
    const dir = await repoTempDir();
    await mkdir(path.join(dir, "schemas"));
    const bad = { ...TOOL, input_schema: { type: "object", properties: { p: { type: "string", description: "x", pattern: "^(?=a)" } } } };
    await writeFile(path.join(dir, "schemas", "count_words.json"), JSON.stringify(bad));
    const error = await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "g"), handlers: path.join(dir, "h"), lint: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(1);
    expect((error as UserError).message).toMatch(/^tool 'count_words': pattern '\^\(\?=a\)' cannot run on the linear-time engine \(RE2\)/);
  });

  it("no pattern, no vendored engine", async () => {
    const plain = { ...TOOL, input_schema: { type: "object", properties: { text: { type: "string", description: "Any text." } } } };
    const tree = await readTree((await project([plain])).out);
    expect(tree.has("runtime/re2.ts")).toBe(false);
    expect(tree.has("validators/count_words.ts")).toBe(true);
  });
});
