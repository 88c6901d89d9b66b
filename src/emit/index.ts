/**
 * The emit stage: runs the selected outputs (outputs/index.ts) over one context, in list order, and
 * collects their files and notes. Nothing here touches the file system: the load stage read the
 * templates, run-time sources and handler files, and write.ts writes.
 */
import type { VendoredSources } from "../load/assets.js";
import type { BundledTool, GeneratedFile } from "../model.js";
import { assertSafeToolNames, assignNames } from "../names.js";
import type { Output, OutputContext } from "../outputs/output.js";
import { jobOf, perToolFiles, type ArtifactStore } from "./artifacts.js";
import { nextGeneration } from "./tool-memo.js";

export interface EmitInput {
  tools: readonly BundledTool[];
  templates: ReadonlyMap<string, string>;
  runtime: ReadonlyMap<string, string>;
  /** Third-party sources the generated folder gets a copy of (load/assets.ts). */
  vendored: VendoredSources;
  /** Current text of each handler file, by file stem. */
  handlers: ReadonlyMap<string, string>;
  handlersDir: string;
  generatedImport: string;
  handlersImportBase: string;
  /** The `cacheTools` config option (outputs/output.ts). */
  cacheTools?: boolean;
  /** Per-tool files kept between builds (the cache), if any. */
  artifacts?: ArtifactStore;
  /** The `openaiStrict` config (the `openai` output). */
  openaiStrict?: boolean;
}

export interface EmitResult {
  files: GeneratedFile[];
  notes: string[];
}

export async function emit(outputs: readonly Output[], input: EmitInput): Promise<EmitResult> {
  assertSafeToolNames(input.tools);
  nextGeneration();
  const names = assignNames(input.tools.map((t) => t.name));
  const jobs = input.tools.map((t) => jobOf(t, names.get(t.name)!));
  const notes: string[] = [];
  const context: OutputContext = {
    tools: input.tools,
    names,
    templates: input.templates,
    runtime: input.runtime,
    vendored: input.vendored,
    handlers: input.handlers,
    handlersDir: input.handlersDir,
    generatedImport: input.generatedImport,
    handlersImportBase: input.handlersImportBase,
    ...(input.cacheTools ? { cacheTools: true } : {}),
    built: new Set(outputs.map((o) => o.id)),
    perTool: (kind) => perToolFiles(kind, jobs, input.artifacts),
    note: (text) => void notes.push(text),
    openaiStrict: input.openaiStrict === true,
  };
  const files: GeneratedFile[] = [];
  for (const output of outputs) files.push(...(await output.emit(context)));
  return { files, notes };
}

/**
 * Loads the per-tool emitters and their libraries (json-schema-to-typescript, prettier, ajv) by
 * running them once on `tool`, discarding the result: a watch session does this while idle, so its
 * first rebuild does not pay for it.
 */
export async function warmToolEmitters(tool: BundledTool): Promise<void> {
  const names = assignNames([tool.name]).get(tool.name)!;
  const job = jobOf(tool, names);
  const [{ emitToolType }, { compileValidator }] = await Promise.all([import("./types.js"), import("./validators.js")]);
  await emitToolType(job.tool, names);
  await compileValidator(job.tool, names);
}
