/** `types.ts`: `ToolName`, `ToolInputs` (keyed by tool name) and every tool's input type. */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";
import { tsString } from "../names.js";
import { GENERATED_HEADER } from "./literal.js";

export function emitTypesIndex(tools: readonly BundledTool[], names: ReadonlyMap<string, ToolNames>): GeneratedFile {
  const lines = [`// ${GENERATED_HEADER}\n`];
  for (const tool of tools) {
    const n = names.get(tool.name)!;
    lines.push(`import type { ${n.type} } from ${tsString(`./types/${n.file}.js`)};`);
  }
  lines.push("");
  for (const tool of tools) lines.push(`export type { ${names.get(tool.name)!.type} };`);
  lines.push("");
  lines.push("/** The name of every tool. */");
  lines.push(`export type ToolName =${tools.length ? "" : " never;"}`);
  tools.forEach((t, i) => lines.push(`  | ${tsString(t.name)}${i === tools.length - 1 ? ";" : ""}`));
  lines.push("");
  lines.push("/** Each tool's input type, by tool name: `ToolInputs[\"get_weather\"]`. */");
  lines.push("export interface ToolInputs {");
  for (const tool of tools) lines.push(`  ${tsString(tool.name)}: ${names.get(tool.name)!.type};`);
  lines.push("}");
  return { root: "out", path: "types.ts", contents: lines.join("\n") + "\n", ownership: "generated" };
}
