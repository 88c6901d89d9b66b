/**
 * toolsets/<name>.ts, one per toolset: its tool names and types, its Messages API `tools` array, every
 * tools array the build's outputs provide (`provided("tool-array")`: OpenAI's and Gemini's, a new
 * framework's with no edit here), the adapters they provide, and dispatchers that answer only its tools
 * (runtime/toolset.ts; with the legacy output, reading a legacy call's parameters as the folder's
 * does). Each array is the folder's, filtered by name at import, so a toolset costs a list of names,
 * not a second copy of the schemas, and keeps the folder's array types (the SDKs' types are checked
 * once, on the folder's).
 */
import { importList, wrapDocComments } from "../emit/code-lines.js";
import { layoutExpression } from "../emit/expression-layout.js";
import { GENERATED_HEADER } from "../emit/literal.js";
import type { GeneratedFile } from "../model.js";
import type { DispatcherAdapterCapability, LegacyConversionsCapability, ToolArrayCapability } from "../emit/capabilities.js";
import type { ResolvedToolset } from "./resolve.js";

export interface ToolsetEmitOptions {
  /** The tools arrays the build's outputs provide (each is filtered to the toolset's tools). */
  arrays: readonly ToolArrayCapability[];
  /** The dispatcher adapters they provide (each is given the toolset's ready dispatcher). */
  adapters: readonly DispatcherAdapterCapability[];
  /** The legacy output's conversions, when it is built: a legacy call's parameters are read as the folder's dispatcher reads them. */
  legacy: LegacyConversionsCapability | undefined;
}

/** `import { a, b as c, type T } from "../<module>.js";` per module, in first-use order; values sorted, then types. */
function importLines(uses: readonly { module: string; value?: string; type?: string }[]): string[] {
  const byModule = new Map<string, { values: Set<string>; types: Set<string> }>();
  for (const use of uses) {
    const entry = byModule.get(use.module) ?? { values: new Set<string>(), types: new Set<string>() };
    byModule.set(use.module, entry);
    if (use.value !== undefined) entry.values.add(use.value);
    if (use.type !== undefined) entry.types.add(use.type);
  }
  const sorted = (names: Set<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...byModule].map(([module, { values, types }]) => {
    const names = [...sorted(values), ...sorted(types).map((t) => `type ${t}`)];
    return importList("import", names, `../${module}.js`);
  }).flat();
}

export function emitToolset(set: ResolvedToolset, options: ToolsetEmitOptions): GeneratedFile {
  const { arrays, adapters, legacy } = options;
  const imports = importLines([
    ...arrays.flatMap((a) => [
      { module: a.module, value: `${a.exportName} as ${a.local}` },
      ...Object.entries(a.typeImports ?? {}).flatMap(([module, names]) => names.map((type) => ({ module, type }))),
    ]),
    ...adapters.flatMap((a) => [
      { module: a.module, value: a.factory },
      { module: a.typeModule, type: a.type },
    ]),
  ]);
  // The arrays of one module, as one block.
  const blocks = new Map<string, ToolArrayCapability[]>();
  for (const array of arrays) blocks.set(array.module, [...(blocks.get(array.module) ?? []), array]);
  const name = JSON.stringify(set.name);
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// The toolset ${name} (toolgen.config "toolsets"): ${set.tools.length} of the folder's tools,`,
    `// with dispatchers that answer only them.`,
    ...importList("import", ["createDispatcherFrom", "type Dispatcher", "type DispatcherOptions", "type ToolHandler"], "../runtime/dispatch.js"),
    `import { restrictDispatcher } from "../runtime/toolset.js";`,
    `import { dispatcher as folderDispatcher, registry } from "../index.js";`,
    `import { tools as folderTools, type ToolDefinition } from "../tools.js";`,
    `import type { ToolInputs } from "../types.js";`,
    ...(legacy ? [`import { ${legacy.exportName} } from "../${legacy.module}.js";`] : []),
    ...imports,
    ``,
    `/** The toolset's name (out-of-set calls are answered is_error naming it). */`,
    `export const TOOLSET = ${name};`,
    ``,
    `/** The toolset's tools, in name order. */`,
    `export const toolNames = [`,
    ...set.tools.map((t) => `  ${JSON.stringify(t)},`),
    `] as const;`,
    ``,
    `export type ToolsetToolName = (typeof toolNames)[number];`,
    `/** Each of the toolset's tools' input type, by tool name. */`,
    `export type ToolsetInputs = Pick<ToolInputs, ToolsetToolName>;`,
    `/** One handler per tool of the toolset. */`,
    `export type ToolsetHandlers<C = unknown> = { [K in ToolsetToolName]: ToolHandler<ToolInputs[K], C> };`,
    ``,
    `const members: ReadonlySet<string> = new Set(toolNames);`,
    ``,
    `/** Pass as the \`tools\` of a Messages API request: the toolset's entries of tools.ts. */`,
    `export const tools: ToolDefinition[] = folderTools.filter((t) => members.has(t.name));`,
    ...[...blocks].flatMap(([module, list]) => [
      ``,
      ...list.flatMap((t) => [
        `/** The toolset's ${t.doc} (${module}.ts's, filtered). */`,
        layoutExpression(`export const ${t.exportName}: ${t.type} = ${t.local}.filter((${t.element}) => members.has(${t.nameOf}))`, 0, "", ";"),
      ]),
    ]),
    ``,
    `/** The folder's ready dispatcher (the handler files), answering only this toolset's tools. */`,
    `export const dispatcher: Dispatcher = restrictDispatcher(folderDispatcher, TOOLSET, toolNames);`,
    ``,
    `/**`,
    ` * A dispatcher over handlers for this toolset's tools only; any other tool is answered is_error naming`,
    ` * the toolset.`,
    ` */`,
    `export function createDispatcher<C = unknown>(`,
    `  handlers: ToolsetHandlers<C>,`,
    `  options?: DispatcherOptions,`,
    `): Dispatcher<C> {`,
    `  const own = registry.filter((t) => members.has(t.name));`,
    `  const all = createDispatcherFrom<ToolsetInputs, C>(own, handlers, ${legacy ? legacy.exportName : "undefined"}, options);`,
    `  return restrictDispatcher(all, TOOLSET, toolNames);`,
    `}`,
    ...adapters.flatMap((a) => [
      ``,
      `/** The ${a.doc} over the toolset's ready dispatcher. */`,
      layoutExpression(`export const ${a.exportName}: ${a.type} = ${a.factory}(dispatcher)`, 0, "", ";"),
    ]),
  ];
  return { root: "out", path: `toolsets/${set.name}.ts`, contents: wrapDocComments(lines.join("\n")) + "\n", ownership: "generated" };
}
