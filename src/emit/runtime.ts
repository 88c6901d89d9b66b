/**
 * The run-time modules generated code imports (`runtime/dispatch.ts`, `runtime/legacy.ts`, ...), copied
 * from toolgen's own `src/runtime/` (they import nothing outside that folder), so the generated
 * folder needs no npm package at run time. The load stage reads them (load/assets.ts).
 *
 * Each copy is marked `// @ts-nocheck`, as a package's JavaScript is: toolgen's own type-check (and its
 * suite) has checked these bodies once, so the user's tsc reads their declarations (what the user's
 * code imports, checked as strictly as before) and checks no body again. The copies stay TypeScript,
 * not `.js` beside a `.d.ts`: tsc emits a `.ts` file into the project's `outDir` in the project's module
 * format (ES module or CommonJS) with or without `allowJs`, where a `.js` file would be left behind
 * without `allowJs` and could not follow a CommonJS build. At 1,000 tools that took about 1 s of the
 * user's tsc CPU and 4,300 of its 45,000 types away (bench/RESULTS.md, 2026-11-29).
 */
import type { GeneratedFile } from "../model.js";
import { GENERATED_HEADER } from "./literal.js";

/** The second line of each copy: its body is not type-checked in the user's project. */
export const RUNTIME_NOCHECK =
  "// @ts-nocheck: toolgen's checked run-time code; your tsc reads its declarations and checks no body again.";

export function emitRuntime(sources: ReadonlyMap<string, string>): GeneratedFile[] {
  return [...sources].map(([name, text]) => ({
    root: "out" as const,
    path: `runtime/${name}`,
    contents: `// ${GENERATED_HEADER} (Copied from toolgen's runtime.)\n${RUNTIME_NOCHECK}\n${text}`,
    ownership: "generated" as const,
  }));
}
