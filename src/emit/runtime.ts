/**
 * The run-time modules generated code imports (`runtime/dispatch.ts`, `runtime/legacy.ts`, ...), copied
 * from toolgen's own `src/runtime/` (they import nothing outside that folder), so the generated
 * folder needs no npm package at run time. The load stage reads them (load/assets.ts).
 */
import type { GeneratedFile } from "../model.js";
import { GENERATED_HEADER } from "./literal.js";

export function emitRuntime(sources: ReadonlyMap<string, string>): GeneratedFile[] {
  return [...sources].map(([name, text]) => ({
    root: "out" as const,
    path: `runtime/${name}`,
    contents: `// ${GENERATED_HEADER} (Copied from toolgen's runtime.)\n${text}`,
    ownership: "generated" as const,
  }));
}
