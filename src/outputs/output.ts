/**
 * An output: one kind of file a build writes (the native tools array, the legacy prompt, the input
 * types, ...), and a setting: one option of the config that an output (or a target's lint rules)
 * reads, declared once where it is read. The build runs the outputs the config selects, in the
 * order of the catalogue (src/catalog.ts), each over the same context; an output returns files and
 * reads nothing else. A neutral output is a new file in this folder and a line in the catalogue; a
 * target's outputs live in its folder (src/targets/<id>/).
 */
import type { ArtifactKind } from "../emit/artifacts.js";
import type { VendoredSources } from "../load/assets.js";
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "../emit/names.js";
import type { Setting } from "../setting.js";
import type { Capability, CapabilityKind, CapabilityOf } from "../emit/capabilities.js";

// A setting is declared in src/setting.ts (below every layer that reads one); re-exported for the outputs and targets.
export { booleanSetting, defineSetting, type Setting } from "../setting.js";

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
  /** The value of a setting for this build (each is part of the cache key); its default when unset. */
  setting<T>(setting: Setting<T>): T;
  /**
   * The ids of every output this build runs. An output or feature asks `provided(kind)` instead: naming
   * another output here ties it to that output (a new one providing the same is missed).
   */
  built: ReadonlySet<string>;
  /** What the outputs this build runs provide of `kind` (src/emit/capabilities.ts), in build order; empty when none does. */
  provided<K extends CapabilityKind>(kind: K): readonly CapabilityOf<K>[];
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
  /**
   * Settings that build this opt-in output with the default ones when the config names no "outputs"
   * (the toolsets output, when "toolsets" names one): a setting counts as given when it is set and not
   * empty. Declared here, so the build's options name no output.
   */
  impliedBy?: readonly Setting[];
  /** What it provides to other outputs and features, by kind (src/emit/capabilities.ts): they ask `ctx.provided(kind)`. */
  provides?: readonly Capability[];
  /** Files of toolgen's runtime (`src/runtime/`) that only this output's code imports: copied only when it is built. */
  runtime?: readonly string[];
  /**
   * The framework package its generated code imports, and the major (`"7"`; `"0.20"` for a 0.x
   * package, as npm's caret reads it) that code is written for: a build warns, with the install
   * line, when the project's installed copy is another (build/framework-majors.ts).
   */
  framework?: { package: string; major: string };
  emit(context: OutputContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/** Declares an output (typed; nothing else). */
export function defineOutput(output: Output): Output {
  return output;
}
