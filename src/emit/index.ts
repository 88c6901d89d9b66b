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
import { emitToolType, emitTypesIndex } from "./types.js";
import { createValidatorCompiler } from "./validators.js";

export interface EmitOptions {
  /** Override folder for Handlebars templates. */
  templates?: string;
  /** Import specifier from a handler file to the generated index, e.g. `../generated/index.js`. */
  generatedImport: string;
  /** Import base from the generated folder to the handlers folder, e.g. `../handlers`. */
  handlersImportBase: string;
  /** Current text of each tool's handler file (by file stem), undefined when missing. */
  existingHandlers: ReadonlyMap<string, string | undefined>;
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
  const validators = createValidatorCompiler();
  const files: GeneratedFile[] = [...emitNative(tools), ...emitLegacy(tools, render)];
  const warnings: string[] = [];
  for (const tool of tools) {
    const n = names.get(tool.name)!;
    files.push(await emitToolType(tool, n));
    files.push(validators.compile(tool, n));
    const stub = await emitStub(tool, n, options.existingHandlers.get(n.file), options.generatedImport);
    if (stub.file) files.push(stub.file);
    if (stub.warning) warnings.push(stub.warning);
  }
  files.push(emitTypesIndex(tools, names));
  files.push(...(await emitRuntime()));
  files.push(emitIndexModule(tools, names, options.handlersImportBase));
  return { files, warnings, handlerFiles: tools.map((t) => names.get(t.name)!.file) };
}
