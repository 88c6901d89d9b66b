/**
 * Linting as a library call: load -> bundle -> lint, no printing (the `lint` of `import { lint } from
 * "toolgen"`). Written by the pipeline helper as a minimal stand-in for the cli helper's version.
 */
import path from "node:path";
import type { RuleSetting } from "../config.js";
import { bundleTools, loadFolder } from "../load/index.js";
import type { Diagnostic } from "../model.js";
import { lint } from "./index.js";

export async function lintFolder(options: {
  schemas: string;
  rules?: Record<string, RuleSetting>;
  /** Report only on these files (the rest of the folder is context); default: every file. */
  files?: string[];
}): Promise<{ diagnostics: Diagnostic[]; tools: number }> {
  const loaded = await loadFolder(options.schemas);
  const bundled = await bundleTools(loaded);
  const onlyFiles = options.files ? new Set(options.files.map((f) => path.resolve(f))) : undefined;
  const diagnostics = await lint(loaded, bundled, { rules: options.rules ?? {}, ...(onlyFiles ? { onlyFiles } : {}) });
  return { diagnostics, tools: loaded.tools.length };
}
