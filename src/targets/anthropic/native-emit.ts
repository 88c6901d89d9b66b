/** The native output's emitter: tools.json and tools.ts, the Messages API `tools` array. */
import { ALLOWED_CALLERS } from "../../load/tool-fields.js";
import type { BundledTool, GeneratedFile, JsonObject } from "../../model.js";
import { jsonElementLines, jsonParseArrayStatement } from "../../emit/code-lines.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { toolDefinition } from "../../load/tool-definition.js";
import { memoByTool } from "../../emit/tool-memo.js";

export interface NativeOptions {
  /**
   * The `cacheTools` config option: `cache_control: {type: "ephemeral"}` on the last tool that is not
   * deferred, so the whole tool list is cached as a prefix ("Place cache_control on the last tool in
   * your tools array"; deferred tools are not part of the prefix:
   * https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-use-with-prompt-caching).
   * A `cache_control` the tool's file sets itself (even `null`) wins.
   */
  cacheTools?: boolean;
}

/**
 * The Messages API `tools` array: `{name, description, input_schema}` per tool, in name order, with
 * Claude's newer fields (`strict`, `input_examples`, ...) as the tool files set them.
 */
export function nativeTools(tools: readonly BundledTool[], options: NativeOptions = {}): JsonObject[] {
  const entries = tools.map((t) => toolDefinition(t));
  if (options.cacheTools) {
    const last = tools.findLastIndex((t) => t.fields?.defer_loading !== true);
    const entry = entries[last];
    if (entry !== undefined && !Object.hasOwn(entry, "cache_control")) entry.cache_control = { type: "ephemeral" };
  }
  return entries;
}

/**
 * `tools.json` (no header: JSON has no comments) and `tools.ts`, which exports the same array. In
 * `tools.ts` the array is JSON text parsed on import (`jsonParseStatement`), typed `ToolDefinition[]`:
 * written as object literals, thousands of tools cost TypeScript more to type-check than the rest
 * of the generated code (a type inferred for every node, then discarded for the declared type).
 */
export function emitNative(tools: readonly BundledTool[], options: NativeOptions = {}): GeneratedFile[] {
  const array = nativeTools(tools, options);
  // Each entry's text is memoised per tool (tool-memo.ts): a watch rebuild renders the changed tool only.
  // An array's element at indent 2 is the element's own JSON.stringify(e, null, 2) shifted two spaces
  // (JSON strings hold no raw line break), so the joined text is JSON.stringify(array, null, 2).
  // The memo key covers name, description and schema; the kind adds the rest of the entry (newer fields, cache_control).
  const entryJson = (i: number): string => {
    const { name: _n, description: _d, input_schema: _s, ...rest } = array[i]!;
    const kind = Object.keys(rest).length === 0 ? "native-json" : `native-json ${JSON.stringify(rest)}`;
    return memoByTool(kind, tools[i]!, () => JSON.stringify(array[i], null, 2).replace(/\n/g, "\n  "));
  };
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
    `  type?: "custom" | null;`,
    `  /** When true, the API guarantees that tool names and inputs follow the schema (strict tool use). */`,
    `  strict?: boolean;`,
    `  /** Example inputs shown to the model (toolgen's lint rule input-examples-valid checks them against input_schema). */`,
    `  input_examples?: { [key: string]: unknown }[];`,
    `  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" } | null;`,
    `  /** Left out of the prompt until tool search returns it. */`,
    `  defer_loading?: boolean;`,
    `  allowed_callers?: (${ALLOWED_CALLERS.map((c) => JSON.stringify(c)).join(" | ")})[];`,
    `  eager_input_streaming?: boolean | null;`,
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
