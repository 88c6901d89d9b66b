/**
 * What generated validators need beside them, computed from the validators' text (so cached
 * validators need no compiler): the vendored RE2 engine (`runtime/re2.ts`; why re2js, see
 * validators.ts) when one of them uses a pattern. Loads no compiler and no ajv.
 */
import type { VendoredSources } from "../load/assets.js";
import type { GeneratedFile } from "../model.js";
import { GENERATED_HEADER, NOCHECK } from "./literal.js";

/** What the validators among `files` need beside them: the vendored RE2 engine when one of them uses a pattern. */
export function validatorCompanions(files: readonly GeneratedFile[], vendored: VendoredSources): GeneratedFile[] {
  const needsRe2 = files.some((f) => f.root === "out" && /^validators\/[^/]+\.ts$/.test(f.path) && f.contents.includes(`from "../runtime/re2.js"`));
  return needsRe2 ? re2Files(vendored.re2) : [];
}

/** `runtime/re2.ts`: re2js's ES module, its licence, and toolgen's `re2` wrapper, not type-checked. */
export function re2Files({ source, licence }: VendoredSources["re2"]): GeneratedFile[] {
  const js =
    `// ${GENERATED_HEADER}\n` +
    `${NOCHECK}\n` +
    `// The RE2 engine (re2js, linear-time matching) for schema patterns, vendored from npm so that\n` +
    `// generated code imports no package. Its licence:\n` +
    licence.trimEnd().split("\n").map((l) => `//   ${l}`.trimEnd()).join("\n") +
    `\nimport { toRe2Syntax } from "./pattern.js";\n` +
    // Only toolgen's `re2` below is exported: a declaration emit has nothing of re2js to describe.
    source.trimEnd().replace(/\nexport \{[^}]*\};?$/, "") +
    `\n\n// toolgen: ajv's \`code.regExp\` engine. A pattern is searched for anywhere in the string, as\n` +
    `// JSON Schema says; matching takes time linear in the string's length.\n` +
    `export function re2(pattern: string): { test(s: string): boolean; toString(): string } {\n` +
    `  const compiled = RE2JS.compile(toRe2Syntax(pattern));\n` +
    `  return { test: (s: string) => compiled.test(s), toString: () => pattern };\n` +
    `}\n`;
  return [{ root: "out" as const, path: "runtime/re2.ts", contents: js, ownership: "generated" as const }];
}
