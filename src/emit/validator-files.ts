/**
 * The files generated validators need beside them, computed from the validators' text (so cached
 * validators need no compiler): a `.d.mts` per validator and the vendored RE2 engine
 * (`runtime/re2.mjs`; why re2js, see validators.ts). Loads no compiler and no ajv.
 */
import type { VendoredSources } from "../load/assets.js";
import type { GeneratedFile } from "../model.js";
import { GENERATED_HEADER } from "./literal.js";

const DECLARATION =
  `// ${GENERATED_HEADER}\n` +
  `import type { ValidateFunction } from "../runtime/dispatch.js";\n` +
  `export declare const validate: ValidateFunction;\n` +
  `export default validate;\n`;

/**
 * What the validators among `files` need beside them: a `.d.mts` for each (so TypeScript projects
 * type the lazy `import("./validators/<tool>.mjs")`), and the vendored RE2 engine when one of them
 * uses a pattern.
 */
export function validatorCompanions(files: readonly GeneratedFile[], vendored: VendoredSources): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  let needsRe2 = false;
  for (const f of files) {
    if (f.root !== "out" || !/^validators\/[^/]+\.mjs$/.test(f.path)) continue;
    out.push({ root: "out", path: `${f.path.slice(0, -4)}.d.mts`, contents: DECLARATION, ownership: "generated" });
    if (f.contents.includes(`from "../runtime/re2.mjs"`)) needsRe2 = true;
  }
  if (needsRe2) out.push(...re2Files(vendored.re2));
  return out;
}

/** `runtime/re2.mjs` (re2js's ES module, its licence, and toolgen's `re2` wrapper) and its `.d.ts`. */
export function re2Files({ source, licence }: VendoredSources["re2"]): GeneratedFile[] {
  const js =
    `// ${GENERATED_HEADER}\n` +
    `// The RE2 engine (re2js, linear-time matching) for schema patterns, vendored from npm so that\n` +
    `// generated code imports no package. Its licence:\n` +
    licence.trimEnd().split("\n").map((l) => `//   ${l}`.trimEnd()).join("\n") +
    `\nimport { toRe2Syntax } from "./pattern.js";\n` +
    source.trimEnd() +
    `\n\n// toolgen: ajv's \`code.regExp\` engine. A pattern is searched for anywhere in the string, as\n` +
    `// JSON Schema says; matching takes time linear in the string's length.\n` +
    `export function re2(pattern) {\n` +
    `  const compiled = RE2JS.compile(toRe2Syntax(pattern));\n` +
    `  return { test: (s) => compiled.test(s), toString: () => pattern };\n` +
    `}\n`;
  const dts =
    `// ${GENERATED_HEADER}\n` +
    `export declare function re2(pattern: string, flags?: string): { test(s: string): boolean };\n`;
  return [
    { root: "out" as const, path: "runtime/re2.mjs", contents: js, ownership: "generated" as const },
    { root: "out" as const, path: "runtime/re2.d.mts", contents: dts, ownership: "generated" as const },
  ];
}
