import type { JsonObject, SourceFile, ToolSpec } from "../model.js";
import type { LoadProblem } from "./problems.js";
import { isPlainObject } from "./pointer.js";
import { readToolFields } from "./tool-fields.js";

/** A file with a top-level `name` or `input_schema` is a tool; any other file is a schema fragment. */
export function isToolDocument(data: unknown): data is Record<string, unknown> {
  return isPlainObject(data) && (Object.hasOwn(data, "name") || Object.hasOwn(data, "input_schema"));
}

function problem(
  file: SourceFile,
  rule: LoadProblem["rule"],
  kind: string,
  pointer: string,
  data: Record<string, string> = {},
  tool?: string,
): LoadProblem {
  return { rule, kind, file, pointer, data, ...(tool !== undefined ? { tool } : {}) };
}

/**
 * Builds ToolSpecs from parsed files, finding parse errors, shape errors and duplicate names as typed
 * problems (worded by the rules parse-error, tool-shape and tool-name-unique).
 * Every problem in every file is reported, not just the first.
 */
export function collectTools(files: readonly SourceFile[]): { tools: ToolSpec[]; problems: LoadProblem[] } {
  const tools: ToolSpec[] = [];
  const problems: LoadProblem[] = [];
  const byName = new Map<string, SourceFile[]>();

  for (const file of files) {
    if (file.parseError) {
      const { message, line, column } = file.parseError;
      problems.push({ ...problem(file, "parse-error", "unreadable", "", { message }), line, column });
      continue;
    }
    const data = file.data;
    if (!isToolDocument(data)) continue;
    const name = typeof data.name === "string" ? data.name : undefined;
    let ok = true;
    if (!Object.hasOwn(data, "name")) {
      problems.push(problem(file, "tool-shape", "nameMissing", ""));
      ok = false;
    } else if (name === undefined) {
      problems.push(problem(file, "tool-shape", "nameType", "/name", { found: typeName(data.name) }));
      ok = false;
    }
    if (!Object.hasOwn(data, "input_schema")) {
      problems.push(problem(file, "tool-shape", "inputSchemaMissing", "", {}, name));
      ok = false;
    } else if (!isPlainObject(data.input_schema)) {
      problems.push(problem(file, "tool-shape", "inputSchemaType", "/input_schema", { found: typeName(data.input_schema) }, name));
      ok = false;
    }
    if (Object.hasOwn(data, "description") && typeof data.description !== "string") {
      problems.push(problem(file, "tool-shape", "descriptionType", "/description", { found: typeName(data.description) }, name));
      ok = false;
    }
    // Claude's newer fields (strict, input_examples, ...): a wrong type keeps the tool out of the build, like a wrong `description`.
    const { fields, problems: fieldProblems } = readToolFields(data);
    for (const p of fieldProblems) problems.push(problem(file, "tool-field-type", p.kind, p.pointer, p.data, name));
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
      problems.push(problem(file, "tool-name-unique", "duplicate", "/name", { name, others: others.join(", ") }, name));
    }
  }
  const duplicated = new Set([...byName].filter(([, l]) => l.length > 1).map(([n]) => n));
  return { tools: tools.filter((t) => !duplicated.has(t.name)), problems };
}

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" ? "an object" : t === "undefined" ? "missing" : `a ${t}`;
}
