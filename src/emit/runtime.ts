/**
 * The run-time modules generated code imports (`runtime/dispatch.ts`, `runtime/legacy.ts`, ...), copied
 * from toolgen's own `src/runtime/` (they import nothing outside that folder), so the generated
 * folder needs no npm package at run time.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { GeneratedFile } from "../model.js";
import { packageRoot } from "../paths.js";
import { GENERATED_HEADER } from "./literal.js";

export async function emitRuntime(): Promise<GeneratedFile[]> {
  const dir = path.join(packageRoot(), "src", "runtime");
  const names = (await readdir(dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).sort();
  return Promise.all(
    names.map(async (name) => ({
      root: "out" as const,
      path: `runtime/${name}`,
      contents: `// ${GENERATED_HEADER} (Copied from toolgen's runtime.)\n${await readFile(path.join(dir, name), "utf8")}`,
      ownership: "generated" as const,
    })),
  );
}
