/**
 * Issue 23 item 1: validators are TypeScript files that tsc emits with the project (`// @ts-nocheck`).
 * To keep tsc's emit cheap, ajv's evolving `let` variables get the type `any` (emit/validators.ts,
 * typedLets). The JavaScript tsc emits is unchanged, and text inside string literals (a schema's
 * descriptions, enum values) is never touched.
 */
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { compileValidator, typedLets } from "../../src/emit/validators.js";
import { assignNames } from "../../src/emit/names.js";
import type { JsonObject } from "../../src/model.js";
import { build } from "../../src/pipeline.js";
import { fixture, project, readTree, repoRoot } from "../helpers.js";
import { compiled } from "../runtime/compiled.js";

const js = (code: string): string =>
  ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;

/**
 * ajv's code for the tools of a real build of `schemas` (copied, with their sibling folders, into a
 * temp project): the build's own files where it kept ajv's code, the rest compiled with
 * `interpret: false` from the input schemas the build wrote to tools.json (the interpreter's data
 * modules have no `let`).
 */
async function builtValidators(schemas: string): Promise<Map<string, string>> {
  const p = await project(schemas);
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false, cache: false });
  const tree = await readTree(p.out);
  const out = new Map([...tree].filter(([f, text]) => f.startsWith("validators/") && !text.includes(`from "../runtime/validate.js"`)));
  const tools = JSON.parse(tree.get("tools.json") ?? "[]") as Array<{ name: string; input_schema: JsonObject }>;
  const names = assignNames(tools.map((t) => t.name));
  for (const t of tools) {
    const file = compileValidator({ name: t.name, bundledSchema: t.input_schema }, names.get(t.name)!, { interpret: false });
    if (!out.has(file.path)) out.set(file.path, file.contents);
  }
  return out;
}

it("tsc emits the same JavaScript with and without the `any` annotations (seed and awkward tools)", async () => {
  const files = new Map([...(await builtValidators(path.join(repoRoot, "schemas"))), ...(await builtValidators(fixture("awkward", "schemas")))]);
  let annotated = 0;
  for (const [name, contents] of files) {
    const plain = contents.replaceAll(": any", "");
    expect(js(contents), name).toBe(js(plain));
    expect(typedLets(plain), name).toBe(contents);
    annotated += contents.split("let vErrors: any = null;").length - 1;
  }
  expect(files.size).toBeGreaterThan(4);
  expect(annotated).toBeGreaterThanOrEqual(files.size);
});

it("text inside string literals is data: a description or enum value that reads like ajv's code is kept", async () => {
  const text = "let vErrors = null; let x; let y = [];";
  expect(typedLets(`const s = {"d":${JSON.stringify(text)},"e":"a\\"let q;\\""};let vErrors = null;`)).toBe(
    `const s = {"d":${JSON.stringify(text)},"e":"a\\"let q;\\""};let vErrors: any = null;`,
  );
  const validate = await compiled({ type: "object", properties: { mode: { type: "string", description: text, enum: [text, "let z;"] } } });
  expect(validate({ mode: text })).toBe(true);
  expect(validate({ mode: "let z;" })).toBe(true);
  expect(validate({ mode: "let z: any;" })).toBe(false);
});
