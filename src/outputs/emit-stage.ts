/**
 * The emit stage: runs the selected outputs (the catalogue's, or a library user's `outputList`) over
 * one context, in list order, and collects their files and notes. Nothing here touches the file system: the load stage read the
 * templates, run-time sources and handler files, and write.ts writes.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import { assertSafeToolNames, assignNames } from "../emit/names.js";
import type { Output, OutputContext, Setting } from "./output.js";
import { jobOf, type ArtifactStore } from "../emit/artifacts.js";
import { perToolFiles } from "../emit/per-tool.js";
import { nextGeneration } from "../emit/tool-memo.js";
import { providedBy } from "../emit/capabilities.js";

/** What the emit stage is given: the outputs' context (outputs/output.ts) before names and per-tool files are derived. */
export type EmitInput = Pick<
  OutputContext,
  "tools" | "templates" | "runtime" | "vendored" | "handlers" | "handlersDir" | "generatedImport" | "handlersImportBase"
> & {
  /** The settings' values by key (default: none set: each output reads a setting's default). */
  settings?: Readonly<Record<string, unknown>>;
  /** Every output the build could run (default: `outputs`): the run-time files only the others import are left out. */
  outputList?: readonly Output[];
  /** Per-tool files kept between builds (the cache), if any. */
  artifacts?: ArtifactStore;
  /** Told as each output starts: its id, its place (1-based) and how many there are (a build's progress). */
  onOutput?: (id: string, done: number, total: number) => void;
};

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
  const settings = input.settings ?? {};
  const context: OutputContext = {
    tools: input.tools,
    names,
    templates: input.templates,
    runtime: runtimeFor(outputs, input.outputList ?? outputs, input.runtime),
    vendored: input.vendored,
    handlers: input.handlers,
    handlersDir: input.handlersDir,
    generatedImport: input.generatedImport,
    handlersImportBase: input.handlersImportBase,
    setting: <T>(setting: Setting<T>): T => (Object.hasOwn(settings, setting.key) ? (settings[setting.key] as T) : setting.default),
    built: new Set(outputs.map((o) => o.id)),
    provided: (kind) => providedBy(outputs, kind),
    perTool: (kind) => perToolFiles(kind, jobs, input.artifacts),
    note: (text) => void notes.push(text),
  };
  const files: GeneratedFile[] = [];
  for (let i = 0; i < outputs.length; i++) {
    input.onOutput?.(outputs[i]!.id, i + 1, outputs.length);
    files.push(...(await outputs[i]!.emit(context)));
  }
  return { files, notes };
}

/** The runtime sources, without those that only outputs of `list` this build does not run import. */
function runtimeFor(outputs: readonly Output[], list: readonly Output[], runtime: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const built = new Set(outputs.map((o) => o.id));
  // A file that several outputs list (runtime/framework.ts) stays when any of them is built.
  const used = new Set(outputs.flatMap((o) => o.runtime ?? []));
  const unused = new Set(list.filter((o) => !built.has(o.id)).flatMap((o) => o.runtime ?? []).filter((name) => !used.has(name)));
  return unused.size === 0 ? runtime : new Map([...runtime].filter(([name]) => !unused.has(name)));
}

/**
 * Loads the per-tool emitters and their libraries (json-schema-to-typescript, prettier, ajv) by
 * running them once on `tool`, discarding the result: a watch session does this while idle, so its
 * first rebuild does not pay for it.
 */
export async function warmToolEmitters(tool: BundledTool): Promise<void> {
  const names = assignNames([tool.name]).get(tool.name)!;
  const job = jobOf(tool, names);
  const [{ emitToolType }, { compileValidator }] = await Promise.all([import("../emit/types.js"), import("../emit/validators.js")]);
  await emitToolType(job.tool, names);
  await compileValidator(job.tool, names);
}
