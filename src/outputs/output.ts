/**
 * An output: one kind of file a build writes (the native tools array, the legacy prompt, the input
 * types, ...). The build runs the outputs the config selects, in the order of the list
 * (outputs/index.ts), each over the same context; an output returns files and reads nothing else.
 * Adding one is a new file here and a line in that list.
 */
import type { ArtifactKind } from "../emit/artifacts.js";
import type { VendoredSources } from "../load/assets.js";
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../names.js";

export interface OutputContext {
  /** The bundled tools, sorted by name. */
  tools: readonly BundledTool[];
  /** Each tool's type and file names (by tool name). */
  names: ReadonlyMap<string, ToolNames>;
  /** Template path (`legacy-prompt.hbs`, `partials/x.hbs`) -> text, `--templates` overrides applied. */
  templates: ReadonlyMap<string, string>;
  /** toolgen's run-time sources, by file name, for the generated `runtime/` folder. */
  runtime: ReadonlyMap<string, string>;
  /** Third-party sources the generated folder may get a copy of (the RE2 engine). */
  vendored: VendoredSources;
  /** Text of each handler file in the handlers folder now, by file stem. */
  handlers: ReadonlyMap<string, string>;
  /** The handlers folder (absolute), for messages. */
  handlersDir: string;
  /** Import specifier from a handler file to the generated index, e.g. `../generated/index.js`. */
  generatedImport: string;
  /** Import base from the generated folder to the handlers folder, e.g. `../handlers`. */
  handlersImportBase: string;
  /** The build options outputs read (each is part of the cache key). */
  settings: OutputSettings;
  /** The ids of every output this build runs. */
  built: ReadonlySet<string>;
  /** One file of `kind` per tool, in tool order, from the cache when it holds a verified copy. */
  perTool(kind: ArtifactKind): Promise<GeneratedFile[]>;
  /** Something the user should read (printed as `note:`). */
  note(text: string): void;
}

export interface Output {
  /** What the `outputs` config names it: lower-case words joined by `-`. */
  id: string;
  description: string;
  /** Outputs whose files this one's code imports: selecting it without them is a usage error. */
  needs?: readonly string[];
  /** Lint rules that only concern this output: a build without it turns them off. */
  rules?: readonly string[];
  /** Built only when the `outputs` config names it (not in the default set). */
  optIn?: boolean;
  /** Files of toolgen's runtime (`src/runtime/`) that only this output's code imports: copied only when it is built. */
  runtime?: readonly string[];
  emit(context: OutputContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Which `FunctionDeclaration` field the `gemini` output fills: JSON Schema, or Gemini's OpenAPI subset. */
export type GeminiSchemaField = "parametersJsonSchema" | "parameters";

/** Build options an output may depend on (each is part of the cache key). */
export interface OutputSettings {
  /** The `cacheTools` config option: `cache_control` on the last tool of the native tools array. */
  cacheTools: boolean;
  /** The `openaiStrict` config: every tool is sent to OpenAI in strict mode (the `openai` output). */
  openaiStrict: boolean;
  /** Which `FunctionDeclaration` field the `gemini` output fills (config `geminiSchemaField`). */
  geminiSchemaField: GeminiSchemaField;
}

/** The settings of a build that sets none. */
export const DEFAULT_OUTPUT_SETTINGS: OutputSettings = { cacheTools: false, openaiStrict: false, geminiSchemaField: "parametersJsonSchema" };

/** Declares an output (typed; nothing else). */
export function defineOutput(output: Output): Output {
  return output;
}
