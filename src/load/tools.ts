/** Tool documents: which parsed files are tools, and their names, descriptions and input schemas. */
import type { JsonObject, SourceFile, ToolSpec } from "../model.js";
import type { LoadProblem } from "./problems.js";
import { isPlainObject } from "../schema/pointer.js";
import { readTags, readToolFields } from "./tool-fields.js";

/** A file with a top-level `name` or `input_schema` is a tool; any other file is a schema fragment. */
export function isToolDocument(data: unknown): data is Record<string, unknown> {
  return isPlainObject(data) && (Object.hasOwn(data, "name") || Object.hasOwn(data, "input_schema"));
}

function problem(
  file: SourceFile,
  category: LoadProblem["category"],
  kind: string,
  pointer: string,
  data: Record<string, string> = {},
  tool?: string,
): LoadProblem {
  return { category, kind, file, pointer, data, ...(tool !== undefined ? { tool } : {}) };
}

/**
 * Builds ToolSpecs from parsed files, finding parse errors, shape errors and duplicate names as typed
 * problems (the lint stage words them).
 * Every problem in every file is reported, not just the first.
 */
export function collectTools(files: readonly SourceFile[]): { tools: ToolSpec[]; problems: LoadProblem[] } {
  const tools: ToolSpec[] = [];
  const problems: LoadProblem[] = [];
  /** The file holding each name; every file holding it, when more than one does. */
  const byName = new Map<string, SourceFile | SourceFile[]>();
  let repeated = false;

  for (let f = 0; f < files.length; f++) {
    const file = files[f]!;
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
    const description = data.description;
    if (typeof description !== "string" && Object.hasOwn(data, "description")) {
      problems.push(problem(file, "shape", "descriptionType", "/description", { found: typeName(description) }, name));
      ok = false;
    }
    // Claude's newer fields (strict, input_examples, ...): a wrong type keeps the tool out of the build, like a wrong `description`.
    const { fields, problems: fieldProblems } = readToolFields(data);
    const tagged = readTags(data);
    if (tagged.problem !== undefined) fieldProblems.push(tagged.problem);
    for (let i = 0; i < fieldProblems.length; i++) {
      const p = fieldProblems[i]!;
      problems.push(problem(file, "field-type", p.kind, p.pointer, p.data, name));
      ok = false;
    }
    if (name !== undefined) {
      const held = byName.get(name);
      if (held === undefined) byName.set(name, file);
      else {
        repeated = true;
        if (Array.isArray(held)) held.push(file);
        else byName.set(name, [held, file]);
      }
    }
    if (!ok || name === undefined) continue;
    const tool: ToolSpec = { name, inputSchema: data.input_schema as JsonObject, source: file };
    if (typeof description === "string") tool.description = description;
    if (Object.keys(fields).length > 0) tool.fields = fields;
    if (tagged.tags !== undefined) tool.tags = tagged.tags;
    tools.push(tool);
  }
  if (!repeated) return { tools, problems };

  for (const [name, held] of byName) {
    if (!Array.isArray(held)) continue;
    const paths = held.map((f) => f.displayPath);
    for (const file of held) {
      const others = paths.filter((p) => p !== file.displayPath);
      problems.push(problem(file, "duplicate-name", "duplicate", "/name", { name, others: others.join(", ") }, name));
    }
  }
  return { tools: tools.filter((t) => !Array.isArray(byName.get(t.name))), problems };
}

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" ? "an object" : t === "undefined" ? "missing" : `a ${t}`;
}
