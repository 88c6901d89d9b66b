/**
 * collectTools (src/load/tools.ts) and readToolFields (src/load/tool-fields.ts) were rewritten
 * for speed (indexed loops, one Map entry per name, no field record for a file with no such field).
 * On random folders (parse errors, bad shapes, wrong field types, repeated names), they must give
 * what the earlier code gave: the reference below is that code, as it was.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject, SourceFile, ToolSpec } from "../../src/model.js";
import type { LoadProblem } from "../../src/load/problems.js";
import { isPlainObject } from "../../src/schema/pointer.js";
import { readToolFields } from "../../src/load/tool-fields.js";
import { collectTools, isToolDocument, typeName } from "../../src/load/tools.js";

function problem(file: SourceFile, category: LoadProblem["category"], kind: string, pointer: string, data: Record<string, string> = {}, tool?: string): LoadProblem {
  return { category, kind, file, pointer, data, ...(tool !== undefined ? { tool } : {}) };
}

/** collectTools before the rewrite. */
function referenceCollectTools(files: readonly SourceFile[]): { tools: ToolSpec[]; problems: LoadProblem[] } {
  const tools: ToolSpec[] = [];
  const problems: LoadProblem[] = [];
  const byName = new Map<string, SourceFile[]>();
  for (const file of files) {
    if (file.parseError) {
      const { message, line, column } = file.parseError;
      problems.push({ ...problem(file, "parse", "unreadable", "", { message }), line, column });
      continue;
    }
    const data = file.data;
    if (!isToolDocument(data)) continue;
    const name = typeof data.name === "string" ? data.name : undefined;
    let ok = true;
    if (!Object.hasOwn(data, "name")) {
      problems.push(problem(file, "shape", "nameMissing", ""));
      ok = false;
    } else if (name === undefined) {
      problems.push(problem(file, "shape", "nameType", "/name", { found: typeName(data.name) }));
      ok = false;
    }
    if (!Object.hasOwn(data, "input_schema")) {
      problems.push(problem(file, "shape", "inputSchemaMissing", "", {}, name));
      ok = false;
    } else if (!isPlainObject(data.input_schema)) {
      problems.push(problem(file, "shape", "inputSchemaType", "/input_schema", { found: typeName(data.input_schema) }, name));
      ok = false;
    }
    if (Object.hasOwn(data, "description") && typeof data.description !== "string") {
      problems.push(problem(file, "shape", "descriptionType", "/description", { found: typeName(data.description) }, name));
      ok = false;
    }
    const { fields, problems: fieldProblems } = readToolFields(data);
    for (const p of fieldProblems) problems.push(problem(file, "field-type", p.kind, p.pointer, p.data, name));
    if (fieldProblems.length > 0) ok = false;
    if (name !== undefined) {
      const list = byName.get(name) ?? [];
      list.push(file);
      byName.set(name, list);
    }
    if (!ok || name === undefined) continue;
    const tool: ToolSpec = { name, inputSchema: data.input_schema as JsonObject, source: file };
    if (typeof data.description === "string") tool.description = data.description;
    if (Object.keys(fields).length > 0) tool.fields = fields;
    tools.push(tool);
  }
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const paths = list.map((f) => f.displayPath);
    for (const file of list) {
      const others = paths.filter((p) => p !== file.displayPath);
      problems.push(problem(file, "duplicate-name", "duplicate", "/name", { name, others: others.join(", ") }, name));
    }
  }
  const duplicated = new Set([...byName].filter(([, l]) => l.length > 1).map(([n]) => n));
  return { tools: tools.filter((t) => !duplicated.has(t.name)), problems };
}

const anyValue = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const fieldValue = {
  type: fc.oneof(fc.constant("custom"), anyValue),
  strict: fc.oneof(fc.boolean(), anyValue),
  defer_loading: fc.oneof(fc.boolean(), anyValue),
  eager_input_streaming: fc.oneof(fc.boolean(), fc.constant(null), anyValue),
  input_examples: fc.oneof(fc.array(fc.oneof(fc.constant({ a: 1 }), anyValue), { maxLength: 2 }), anyValue),
  cache_control: fc.oneof(fc.constant({ type: "ephemeral" }), fc.constant({ type: "ephemeral", ttl: "1h" }), fc.constant({ type: "x" }), anyValue),
  allowed_callers: fc.oneof(fc.constant(["direct"]), fc.constant(["nope"]), anyValue),
};
const document = fc.record(
  {
    name: fc.oneof(fc.constantFrom("a", "b", "c"), anyValue),
    input_schema: fc.oneof(fc.constant({ type: "object" }), anyValue),
    description: fc.oneof(fc.string({ maxLength: 3 }), anyValue),
    other: anyValue,
    ...fieldValue,
  },
  { requiredKeys: [] },
);
const file = fc.oneof(
  { weight: 6, arbitrary: document.map((data): Omit<SourceFile, "absPath" | "displayPath"> => ({ format: "json", text: JSON.stringify(data), data })) },
  { weight: 1, arbitrary: fc.constant<Omit<SourceFile, "absPath" | "displayPath">>({ format: "json", text: "{", parseError: { message: "bad", line: 1, column: 2 } }) },
  { weight: 1, arbitrary: anyValue.map((data): Omit<SourceFile, "absPath" | "displayPath"> => ({ format: "json", text: JSON.stringify(data), data })) },
);

describe("collectTools", () => {
  it("gives what the earlier code gave, on random folders", () => {
    fc.assert(
      fc.property(fc.array(file, { maxLength: 8 }), (made) => {
        const files: SourceFile[] = made.map((f, i) => ({ absPath: `/s/f${i}.json`, displayPath: `f${i}.json`, ...f }));
        expect(collectTools(files)).toEqual(referenceCollectTools(files));
      }),
      { numRuns: 2000, seed: 5 },
    );
  });
});

describe("readToolFields", () => {
  it("gives a file with none of the fields no fields and no problems", () => {
    expect(readToolFields({ name: "t", input_schema: {} })).toEqual({ fields: {}, problems: [] });
  });
});
