import type { BundledTool, GeneratedFile, JsonObject } from "../model.js";
import { jsonElementLines, jsonParseArrayStatement } from "./code-lines.js";
import { GENERATED_HEADER } from "./literal.js";
import { memoByTool } from "./tool-memo.js";

/** The Messages API `tools` array: `{name, description, input_schema}` per tool, in name order. */
export function nativeTools(tools: readonly BundledTool[]): JsonObject[] {
  return tools.map((t) => {
    const entry: JsonObject = { name: t.name };
    if (t.description !== undefined) entry.description = t.description;
    entry.input_schema = t.bundledSchema;
    return entry;
  });
}

/**
 * `tools.json` (no header: JSON has no comments) and `tools.ts`, which exports the same array. In
 * `tools.ts` the array is JSON text parsed on import (`jsonParseStatement`), typed `ToolDefinition[]`:
 * written as object literals, thousands of tools cost TypeScript more to type-check than the rest
 * of the generated code (a type inferred for every node, then discarded for the declared type).
 */
export function emitNative(tools: readonly BundledTool[]): GeneratedFile[] {
  const array = nativeTools(tools);
  // Each entry's text is memoised per tool (tool-memo.ts): a watch rebuild renders the changed tool only.
  // An array's element at indent 2 is the element's own JSON.stringify(e, null, 2) shifted two spaces
  // (JSON strings hold no raw line break), so the joined text is JSON.stringify(array, null, 2).
  const entryJson = (i: number): string => memoByTool("native-json", tools[i]!, () => JSON.stringify(array[i], null, 2).replace(/\n/g, "\n  "));
  const json = (array.length === 0 ? "[]" : `[\n${array.map((_, i) => `  ${entryJson(i)}`).join(",\n")}\n]`) + "\n";
  const ts = [
    `// ${GENERATED_HEADER}`,
    `import type { ToolName } from "./types.js";`,
    ``,
    `/** One entry of the Messages API \`tools\` array; assignable to the SDK's \`Tool\` type. */`,
    `export interface ToolDefinition {`,
    `  name: ToolName;`,
    `  description?: string;`,
    `  input_schema: {`,
    `    type: "object";`,
    `    properties?: { [key: string]: unknown } | null;`,
    `    required?: string[] | null;`,
    `    [key: string]: unknown;`,
    `  };`,
    `}`,
    ``,
    `/** Pass as the \`tools\` field of a Messages API request. Self-contained: external $refs are bundled. */`,
    // The same text as jsonParseStatement(head, array, ";"), each tool's lines memoised (a watch rebuild converts one tool's).
    jsonParseArrayStatement("export const tools: ToolDefinition[] = ", array.map((_, i) => entryJson(i)), ";", (i, last) =>
      memoByTool(last ? "native-ts-last" : "native-ts", tools[i]!, () => jsonElementLines(entryJson(i), last)),
    ),
  ];
  return [
    { root: "out", path: "tools.json", contents: json, ownership: "generated" },
    { root: "out", path: "tools.ts", contents: ts.join("\n") + "\n", ownership: "generated" },
  ];
}
