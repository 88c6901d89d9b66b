/** Builds a LoadedFolder from in-memory files (nothing touches the disk) and lints it. */
import path from "node:path";
import { composeRules, RULES } from "../../../src/catalog.js";
import type { RuleSetting } from "../../../src/commands/config.js";
import { lint } from "../../../src/lint/index.js";
import { assembleFolder, bundleTools, type LoadedFolder } from "../../../src/load/index.js";
import { formatOf, parseSource } from "../../../src/load/read.js";
import type { Diagnostic } from "../../../src/model.js";

/** Where in-memory files pretend to live; display paths are `test/__memory__/schemas/<name>`. */
export const MEMORY_ROOT = path.resolve("test/__memory__/schemas");
export const memoryPath = (name: string) => `test/__memory__/schemas/${name}`;

export async function memoryFolder(files: Record<string, string>): Promise<LoadedFolder> {
  const names = Object.keys(files).sort();
  const sources = await Promise.all(
    names.map((name) => parseSource(path.join(MEMORY_ROOT, name), files[name] ?? "", formatOf(name) ?? "json")),
  );
  return assembleFolder(MEMORY_ROOT, sources);
}

export async function lintMemory(
  files: Record<string, string>,
  rules: Record<string, RuleSetting> = {},
  onlyFiles?: string[],
): Promise<Diagnostic[]> {
  const loaded = await memoryFolder(files);
  const bundled = await bundleTools(loaded);
  const only = onlyFiles ? new Set(onlyFiles.map((name) => path.join(MEMORY_ROOT, name))) : undefined;
  return lint(loaded, bundled, { registry: RULES, rules: composeRules({ rules }), ...(only ? { onlyFiles: only } : {}) });
}
