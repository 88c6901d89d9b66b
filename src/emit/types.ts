/**
 * Input types with json-schema-to-typescript: one file per tool (`types/<file>.ts`, so types that two
 * tools name alike never clash), compiled unformatted and laid out by type-layout.ts (as Prettier
 * would, 120 columns), with doc-comment lines wrapped to 120 columns too. Prettier itself (through
 * json-schema-to-typescript's `format`) cost more CPU than the rest of a cold build (issue 28); it
 * formats only a file that type-layout.ts does not read (a schema's `tsType`, say).
 */
import { compile } from "json-schema-to-typescript";
import type { GeneratedFile, JsonObject } from "../model.js";
import type { ToolNames } from "./names.js";
import type { ToolSource } from "./artifacts.js";
import { tsString } from "./names.js";
import { wrapDocComments } from "./code-lines.js";
import { GENERATED_HEADER } from "./literal.js";
import { layoutTypes } from "./type-layout.js";
import { SchemaCompileError } from "../load/compile-error.js";
import { hideShadowingKeys } from "./shadowing-keys.js";
import { typeRuleProblem } from "./jstt-rules.js";
import { withDraft07Tuples } from "../schema/dialect.js";
import { isDataRefPath } from "../schema/keywords.js";

export async function emitToolType(tool: ToolSource, names: ToolNames): Promise<GeneratedFile> {
  // Only the root's title/description change: the type's name and its doc comment.
  // json-schema-to-typescript reads draft-07 only: a 2020-12 tuple (`prefixItems`) is spelt as draft-07's.
  const schema: JsonObject = { ...withDraft07Tuples(tool.bundledSchema), title: names.type };
  if (tool.description !== undefined && typeof schema.description !== "string") schema.description = tool.description;
  const hidden = hideShadowingKeys(schema);
  // json-schema-to-typescript's own checks print the problem raw and throw an empty message: run them first.
  const problem = typeRuleProblem(tool.bundledSchema);
  if (problem !== undefined) throw new SchemaCompileError(tool.name, "json-schema-to-typescript", new Error(problem.reason), problem.pointer);
  const compileWith = (format: boolean): Promise<string> =>
    compile(hidden.schema, names.type, {
      bannerComment: "",
      format,
      style: { printWidth: 120, trailingComma: "all", bracketSpacing: true },
      additionalProperties: false,
      declareExternallyReferenced: true,
      unknownAny: true,
      // Everything is bundled: never read files or the network. `external: false`: the parser's first
      // crawl would try to resolve a `$ref`-shaped object inside data (`const`, `enum`, `default`,
      // `examples`) that names a file; data is not a reference (the dereference step skips it too).
      $refOptions: { resolve: { external: false, file: false, http: false }, dereference: { excludedPathMatcher: isDataRefPath } },
    }).catch((error: unknown) => Promise.reject(new SchemaCompileError(tool.name, "json-schema-to-typescript", error)));
  const unformatted = await compileWith(false);
  const code = hidden.restore(layoutTypes(unformatted) ?? (await compileWith(true)));
  if (!new RegExp(`^export (interface|type) ${names.type}\\b`, "m").test(code)) {
    throw new Error(`json-schema-to-typescript did not name the input type of ${tool.name} ${names.type}`);
  }
  return {
    root: "out",
    path: `types/${names.file}.ts`,
    contents: `// ${GENERATED_HEADER}\n// Input types for the tool ${tsString(tool.name)}.\n\n${wrapDocComments(code).trimEnd()}\n`,
    ownership: "generated",
  };
}
