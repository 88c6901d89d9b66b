/**
 * What an output provides, by kind, for the outputs and features that build on it (hey-api's
 * openapi-ts has plugins declare `tags` and asks `context.pluginByTag("validator")`; here an output
 * declares `provides` and the emit context answers `provided(kind)`). A feature that needs "every
 * tools array the build writes" asks for the kind and loops over the answer, so a new output that
 * provides one is taken in with no edit to the feature; nothing asks for an output by its id.
 */

/**
 * A tools array a generated module exports, as a toolset filters it: `export const <exportName>` in
 * `<module>.ts`, whose elements' tool name is `<nameOf>` of an element `t`.
 */
export interface ToolArrayCapability {
  kind: "tool-array";
  /** The generated module, from the output folder, without `.ts` (`openai`, `gemini`). */
  module: string;
  /**
   * The wire format its elements have, for a feature that only works with one (the tool search defers
   * `openai-responses` tools): `anthropic-messages`, `openai-chat`, `openai-responses`, `gemini`, or a framework's id.
   */
  format: string;
  /** The array's export, e.g. `chatCompletionTools`. */
  exportName: string;
  /** The name the filtering module imports it as (the filtered array keeps `exportName`). */
  local: string;
  /** The filtered array's type annotation, e.g. `typeof folderChatTools` or `GeminiFunctionDeclaration[]`. */
  type: string;
  /** Type-only imports the annotation needs: module (from the output folder, no `.ts`) -> names. */
  typeImports?: Readonly<Record<string, readonly string[]>>;
  /** The filter's parameter, an element (`t`), and its tool name as an expression of it (`t.function.name`). */
  element: string;
  nameOf: string;
  /** What the array is, for a doc comment ("Chat Completions tools": "The toolset's Chat Completions tools (openai.ts's, filtered)."). */
  doc: string;
}

/** A dispatcher adapter: `<factory>(dispatcher)` of `<module>.ts` gives `<type>`, e.g. OpenAI's tool-call answerer. */
export interface DispatcherAdapterCapability {
  kind: "dispatcher-adapter";
  /** The module the factory comes from, from the output folder, without `.ts` (`openai`, `runtime/gemini`). */
  module: string;
  factory: string;
  /** The adapter's type and the module it comes from (without `.ts`). */
  type: string;
  typeModule: string;
  /** The export a module that adapts its own dispatcher gives it, e.g. `openaiDispatcher`. */
  exportName: string;
  /** What it is, for a doc comment ("OpenAI adapters": "The OpenAI adapters over the toolset's ready dispatcher."). */
  doc: string;
}

/**
 * A framework's tools, in the one shape every framework module has: `<factory>(dispatcher)` of
 * `<module>.ts` makes them over a dispatcher, and `<exportName>` (`tools`) is that over the ready
 * dispatcher of index.ts. A handler's content reaches the framework through runtime/framework.ts's one
 * mapper, with the module's declared `BlockFormat` (test/targets/framework-pattern.test.ts holds it).
 */
export interface FrameworkToolsCapability {
  kind: "framework-tools";
  /** The generated module, from the output folder, without `.ts` (`ai-sdk`, `langchain/tools`). */
  module: string;
  /** `create<Framework>Tools`. */
  factory: string;
  exportName: "tools";
}

/** The legacy prompt's parameter conversions (`legacyConversions` of `legacy.ts`), which dispatchers read legacy calls with. */
export interface LegacyConversionsCapability {
  kind: "legacy-conversions";
  module: string;
  exportName: string;
}

/** A generated tool search (`search.ts`): modules that offer searching tools import it. */
export interface ToolSearchCapability {
  kind: "tool-search";
  module: string;
}

/** One module per toolset (`toolsets/<name>.ts`): servers and modules that serve one toolset import it. */
export interface ToolsetModulesCapability {
  kind: "toolset-modules";
  folder: string;
}

/** Each tool's input validator, as a per-tool file (`validators/<tool>.ts`). */
export interface InputValidatorsCapability {
  kind: "input-validators";
  folder: string;
}

/**
 * The vendored RE2 engine (`runtime/re2.js`), shipped by this output whenever its own files need it:
 * another output that needs it too leaves it to this one (one writer per file).
 */
export interface Re2EngineCapability {
  kind: "re2-engine";
}

/**
 * The tool-file fields the field-by-output table follows (docs/providers.md, "Tool-file fields by output"):
 * each output that sends tools says what it does with each, in its `tool-fields` declaration.
 */
export const TOOL_FILE_FIELDS = ["annotations", "needs_approval", "output_schema", "allowed_callers", "defer_loading", "input_examples", "strict"] as const;
export type ToolFileField = (typeof TOOL_FILE_FIELDS)[number];

/**
 * What an output does with one tool-file field: sends it as written (`carried`) or in another form
 * (`mapped`), `as` naming where (the SDK's option, `toolApproval`, ...), and `marker` the text its files
 * hold when they do (default: `as`); or `dropped`, with why. `gap` marks a drop the SDK has a place for
 * (an issue still open): the table test allows those and no other.
 */
export type FieldUse =
  | { use: "carried" | "mapped"; as: string; marker?: string }
  | { use: "dropped"; why: string; gap?: string };

/**
 * The tool-file fields an output sends (one row of the field-by-output table): every field of
 * TOOL_FILE_FIELDS, declared, so that a field is carried by declaring it and test/outputs/field-table.test.ts
 * holds each declaration to the output's files and to the SDK's own tool type.
 */
export interface ToolFieldsCapability {
  kind: "tool-fields";
  /** The row's name in the table ("OpenAI Responses (`responsesTools`)"). */
  title: string;
  /** The files (from the output folder) that send the tools. */
  files: readonly string[];
  fields: Readonly<Record<ToolFileField, FieldUse>>;
}

export type Capability =
  | ToolArrayCapability
  | ToolFieldsCapability
  | DispatcherAdapterCapability
  | FrameworkToolsCapability
  | LegacyConversionsCapability
  | ToolSearchCapability
  | ToolsetModulesCapability
  | InputValidatorsCapability
  | Re2EngineCapability;

export type CapabilityKind = Capability["kind"];

/** The capabilities of `kind`, narrowed. */
export type CapabilityOf<K extends CapabilityKind> = Extract<Capability, { kind: K }>;

/** What the outputs of a build provide of `kind`, in build order (each output's in its declared order). */
export function providedBy<K extends CapabilityKind>(outputs: readonly { provides?: readonly Capability[] }[], kind: K): CapabilityOf<K>[] {
  return outputs.flatMap((o) => (o.provides ?? []).filter((c): c is CapabilityOf<K> => c.kind === kind));
}
