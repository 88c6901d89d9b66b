/**
 * Runs every emitter over the bundled tools. Emitters return files; none touches the file system
 * (handler files are read by the pipeline and passed in).
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import { assignNames } from "../names.js";
import { emitIndexModule } from "./index-module.js";
import { emitLegacy } from "./legacy.js";
import { emitNative } from "./native.js";
import { emitRuntime } from "./runtime.js";
import { emitStub } from "./stubs.js";
import { createRenderer } from "./templates.js";
import { emitTypesIndex, removedToolUses } from "./types-index.js";
import { jobOf, toolArtifacts, type ToolArtifacts } from "./artifacts.js";
import type { BuildCache } from "../cache.js";
import { sha256 } from "../write.js";

export interface EmitOptions {
  /** Override folder for Handlebars templates. */
  templates?: string;
  /** Import specifier from a handler file to the generated index, e.g. `../generated/index.js`. */
  generatedImport: string;
  /** Import base from the generated folder to the handlers folder, e.g. `../handlers`. */
  handlersImportBase: string;
  /** Current text of each tool's handler file (by file stem), undefined when missing. */
  existingHandlers: ReadonlyMap<string, string | undefined>;
  /** Per-tool artifacts cache, and the key of the toolgen that fills it. */
  cache?: { store: BuildCache; toolgenKey: string };
}

export interface EmitResult {
  files: GeneratedFile[];
  warnings: string[];
  /** Handler file stems, one per tool. */
  handlerFiles: string[];
}

export async function emitAll(tools: readonly BundledTool[], options: EmitOptions): Promise<EmitResult> {
  const names = assignNames(tools.map((t) => t.name));
  const render = await createRenderer(options.templates);
  const files: GeneratedFile[] = [...emitNative(tools, names), ...emitLegacy(tools, render)];
  const warnings: string[] = [];

  // Per-tool types and validators: from the cache when the tool is unchanged.
  const jobs = tools.map((t) => jobOf(t, names.get(t.name)!));
  const keys = options.cache ? jobs.map((j) => sha256(`${options.cache!.toolgenKey}\0${JSON.stringify(j)}`)) : [];
  const artifacts: (ToolArtifacts | undefined)[] = jobs.map((_, i) => options.cache?.store.getTool(keys[i]!));
  const missing = jobs.map((_, i) => i).filter((i) => artifacts[i] === undefined);
  const fresh = await toolArtifacts(missing.map((i) => jobs[i]!));
  missing.forEach((i, k) => {
    artifacts[i] = fresh[k];
    options.cache?.store.putTool(keys[i]!, fresh[k]!);
  });
  for (const a of artifacts) files.push(a!.type, a!.validator);

  for (const tool of tools) {
    const n = names.get(tool.name)!;
    const stub = await emitStub(tool, n, options.existingHandlers.get(n.file), options.generatedImport);
    if (stub.file) files.push(stub.file);
    if (stub.warning) warnings.push(stub.warning);
  }
  files.push(emitTypesIndex(tools, names, removedToolUses(tools, options.existingHandlers)));
  files.push(...(await emitRuntime()));
  files.push(emitIndexModule(tools, names, options.handlersImportBase));
  return { files, warnings, handlerFiles: tools.map((t) => names.get(t.name)!.file) };
}
