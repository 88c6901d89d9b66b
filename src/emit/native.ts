import type { BundledTool, GeneratedFile, JsonObject } from "../model.js";
import { GENERATED_HEADER, toTsLiteral } from "./literal.js";

/** The Messages API `tools` array: `{name, description, input_schema}` per tool, in name order. */
export function nativeTools(tools: readonly BundledTool[]): JsonObject[] {
  return tools.map((t) => {
    const entry: JsonObject = { name: t.name };
    if (t.description !== undefined) entry.description = t.description;
    entry.input_schema = t.bundledSchema;
    return entry;
  });
}

/** `tools.json` (no header: JSON has no comments) and `tools.ts`, which exports the same array. */
export function emitNative(tools: readonly BundledTool[]): GeneratedFile[] {
  const array = nativeTools(tools);
  const json = JSON.stringify(array, null, 2) + "\n";
  const ts =
    `// ${GENERATED_HEADER}\n` +
    `import type { ToolName } from "./types.js";\n\n` +
    `/** One entry of the Messages API \`tools\` array; assignable to the SDK's \`Tool\` type. */\n` +
    `export interface ToolDefinition {\n` +
    `  name: ToolName;\n` +
    `  description?: string;\n` +
    `  input_schema: {\n` +
    `    type: "object";\n` +
    `    properties?: { [key: string]: unknown } | null;\n` +
    `    required?: string[] | null;\n` +
    `    [key: string]: unknown;\n` +
    `  };\n` +
    `}\n\n` +
    `/** Pass as the \`tools\` field of a Messages API request. Self-contained: external $refs are bundled. */\n` +
    `export const tools: ToolDefinition[] = ${toTsLiteral(array)};\n`;
  return [
    { root: "out", path: "tools.json", contents: json, ownership: "generated" },
    { root: "out", path: "tools.ts", contents: ts, ownership: "generated" },
  ];
}
