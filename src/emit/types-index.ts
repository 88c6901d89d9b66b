/**
 * `types.ts`: `ToolInputs` (each tool's input type, keyed by tool name), `ToolName`, and every tool's
 * input type. Written so that type-checking it grows linearly with the tools: an interface keyed by
 * name, and `ToolName` as its `keyof` rather than a union spelled out.
 *
 * A handler file can still name a tool that is gone from the schemas (`ToolInputs["old_tool"]`): the
 * build keeps the file, so `ToolInputs` keeps a deprecated entry for that name, typed `any` so that
 * the handler's body compiles whatever it does with its input, until its owner deletes the file.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "./names.js";
import { tsString } from "./names.js";
import { importList, member, wrapDocComments } from "./code-lines.js";
import { GENERATED_HEADER } from "./literal.js";

/** A handler file that names tools with no schema any more. */
export interface RemovedToolUse {
  /** The handler file's stem (`old_tool` for `handlers/old_tool.ts`). */
  file: string;
  tools: string[];
}

/** `ToolInputs["name"]` and `ToolInputs['name']`, as stubs and people write them. */
const TOOL_INPUTS_KEY = /\bToolInputs\s*\[\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\]/g;

/**
 * The tool names that handler files type their input by (`ToolInputs["..."]`) but that are not
 * tools any more, by handler file, in file order.
 */
export function removedToolUses(
  tools: readonly BundledTool[],
  handlerTexts: ReadonlyMap<string, string | undefined>,
): RemovedToolUse[] {
  const current = new Set(tools.map((t) => t.name));
  const uses: RemovedToolUse[] = [];
  for (const [file, text] of [...handlerTexts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const found = new Set<string>();
    for (const m of (text ?? "").matchAll(TOOL_INPUTS_KEY)) {
      const name = stringValue(m[1] ?? "");
      if (name !== undefined && !current.has(name)) found.add(name);
    }
    if (found.size > 0) uses.push({ file, tools: [...found].sort() });
  }
  return uses;
}

/** The value of a quoted TypeScript string literal (simple escapes), or undefined. */
function stringValue(literal: string): string | undefined {
  const body = literal.slice(1, -1);
  const json = literal.startsWith("'") ? `"${body.replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : literal;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

export function emitTypesIndex(
  tools: readonly BundledTool[],
  names: ReadonlyMap<string, ToolNames>,
  removed: readonly RemovedToolUse[] = [],
): GeneratedFile {
  const typeOf = (t: BundledTool): string => names.get(t.name)?.type ?? "never";
  const lines = [`// ${GENERATED_HEADER}`, ""];
  for (const tool of tools) lines.push(...importList("import type", [typeOf(tool)], `./types/${names.get(tool.name)?.file}.js`));
  if (tools.length > 0) lines.push("");
  for (const tool of tools) lines.push(`export type { ${typeOf(tool)} };`);
  if (tools.length > 0) lines.push("");
  const removedNames = new Map<string, string[]>();
  for (const use of removed) for (const t of use.tools) removedNames.set(t, [...(removedNames.get(t) ?? []), use.file]);
  lines.push("/** Each tool's input type, by tool name: `ToolInputs[\"get_weather\"]`. */");
  lines.push(`export interface ToolInputs${removedNames.size > 0 ? " extends RemovedToolInputs" : ""} {`);
  for (const tool of tools) lines.push(member(tsString(tool.name), typeOf(tool), ";"));
  lines.push("}");
  lines.push("");
  lines.push("/** The name of every tool. */");
  if (removedNames.size === 0) {
    lines.push("export type ToolName = keyof ToolInputs;");
  } else {
    lines.push("export type ToolName = Exclude<keyof ToolInputs, keyof RemovedToolInputs>;");
    lines.push("");
    lines.push("/**");
    lines.push(" * Tools that are gone from the schemas but that handler files still name. Their handlers are never");
    lines.push(" * called; each entry lets its file compile until you delete it.");
    lines.push(" */");
    lines.push("interface RemovedToolInputs {");
    for (const [tool, files] of [...removedNames].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const where = files.map((f) => `${f}.ts`).join(", ");
      lines.push("  /**", `   * @deprecated No schema defines the tool ${tsString(tool)} any more: delete or rewrite ${where}.`, "   */");
      lines.push(`  ${tsString(tool)}: any;`);
    }
    lines.push("}");
  }
  return { root: "out", path: "types.ts", contents: wrapDocComments(lines.join("\n")) + "\n", ownership: "generated" };
}
