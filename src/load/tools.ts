import type { Diagnostic, JsonObject, SourceFile, ToolSpec } from "../model.js";
import { isPlainObject } from "./pointer.js";

/** A file with a top-level `name` or `input_schema` is a tool; any other file is a schema fragment. */
export function isToolDocument(data: unknown): data is Record<string, unknown> {
  return isPlainObject(data) && (Object.hasOwn(data, "name") || Object.hasOwn(data, "input_schema"));
}

function diag(file: SourceFile, rule: string, pointer: string, message: string, tool?: string): Diagnostic {
  return { file: file.displayPath, rule, severity: "error", message, pointer, ...(tool ? { tool } : {}) };
}

/**
 * Builds ToolSpecs from parsed files, reporting parse errors, shape errors and duplicate names.
 * Every problem in every file is reported, not just the first.
 */
export function collectTools(files: readonly SourceFile[]): { tools: ToolSpec[]; diagnostics: Diagnostic[] } {
  const tools: ToolSpec[] = [];
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, SourceFile[]>();

  for (const file of files) {
    if (file.parseError) {
      const { message, line, column } = file.parseError;
      diagnostics.push({ ...diag(file, "parse-error", "", message), line, column });
      continue;
    }
    const data = file.data;
    if (!isToolDocument(data)) continue;
    const name = typeof data.name === "string" ? data.name : undefined;
    let ok = true;
    if (!Object.hasOwn(data, "name")) {
      diagnostics.push(diag(file, "tool-shape", "", "a tool needs a `name` (a string)"));
      ok = false;
    } else if (name === undefined) {
      diagnostics.push(diag(file, "tool-shape", "/name", `\`name\` must be a string, not ${typeName(data.name)}`));
      ok = false;
    }
    if (!Object.hasOwn(data, "input_schema")) {
      diagnostics.push(diag(file, "tool-shape", "", "a tool needs an `input_schema` (a JSON Schema object)", name));
      ok = false;
    } else if (!isPlainObject(data.input_schema)) {
      diagnostics.push(
        diag(file, "tool-shape", "/input_schema", `\`input_schema\` must be an object, not ${typeName(data.input_schema)}`, name),
      );
      ok = false;
    }
    if (Object.hasOwn(data, "description") && typeof data.description !== "string") {
      diagnostics.push(
        diag(file, "tool-shape", "/description", `\`description\` must be a string, not ${typeName(data.description)}`, name),
      );
      ok = false;
    }
    if (name !== undefined) {
      const list = byName.get(name) ?? [];
      list.push(file);
      byName.set(name, list);
    }
    if (!ok || name === undefined) continue;
    const tool: ToolSpec = { name, inputSchema: data.input_schema as JsonObject, source: file };
    if (typeof data.description === "string") tool.description = data.description;
    tools.push(tool);
  }

  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const paths = list.map((f) => f.displayPath);
    for (const file of list) {
      const others = paths.filter((p) => p !== file.displayPath);
      diagnostics.push(
        diag(file, "tool-name-unique", "/name", `tool name '${name}' is also defined in ${others.join(", ")}`, name),
      );
    }
  }
  const duplicated = new Set([...byName].filter(([, l]) => l.length > 1).map(([n]) => n));
  return { tools: tools.filter((t) => !duplicated.has(t.name)), diagnostics };
}

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return t === "object" ? "an object" : t === "undefined" ? "missing" : `a ${t}`;
}
