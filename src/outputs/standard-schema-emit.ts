/**
 * The `standard-schema` output's files: `standard-schema.ts`, each tool's input schema as a Standard
 * Schema that is also a Standard JSON Schema (runtime/standard-schema.ts), over the build-time
 * validators imported statically (so `validate` is synchronous); and, for tools whose file has an
 * output schema (`output_schema`/`outputSchema`, bundled by the load stage), `standardOutputSchemas`
 * with the output validators and types under `standard-schema/`.
 *
 * The JSON Schema targets are worked out here, at build time: the drafts give the schema as
 * tools.json has it where the keywords it uses mean the same in draft-07 and 2020-12 (else the reason
 * there is no such form), and `openapi-3.0` gives Gemini's OpenAPI 3.0 lowering (src/schema/
 * openapi.ts) spelt as OpenAPI 3.0 writes it (lower-case types, integer limits as numbers).
 */
import type { BundledTool, GeneratedFile, JsonObject, JsonValue } from "../model.js";
import type { ToolNames } from "../emit/names.js";
import { tsString } from "../emit/names.js";
import { importList, jsonParseStatement, member } from "../emit/code-lines.js";
import { GENERATED_HEADER } from "../emit/literal.js";
import { emitToolType } from "../emit/types.js";
import { asOutputValidator, compileValidator } from "../emit/validators.js";
import { readsAs2020 } from "../schema/dialect.js";
import { forEachSubschema } from "../schema/keywords.js";
import { escapeToken, isPlainObject } from "../schema/pointer.js";
import { lowerToOpenApi, type OpenApiSchema } from "../schema/openapi.js";

type Draft = "draft-07" | "draft-2020-12";
type Form = true | string | Record<string, unknown>;

const DRAFT_URI: Readonly<Record<Draft, string>> = {
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "draft-2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/** The keywords whose meaning differs between draft-07 and 2020-12 (or that only one of them has). */
function draftKeyword(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case "items":
      return Array.isArray(value) ? "`items` as an array (a tuple in draft-07, `prefixItems` in 2020-12)" : undefined;
    case "additionalItems":
      return "`additionalItems` (draft-07; 2020-12 reads `items` after `prefixItems` instead)";
    case "prefixItems":
      return "`prefixItems` (2020-12; draft-07 ignores it)";
    case "dependencies":
      return "`dependencies` (draft-07; 2020-12 ignores it: it says `dependentRequired` and `dependentSchemas`)";
    case "dependentRequired":
    case "dependentSchemas":
    case "unevaluatedProperties":
    case "unevaluatedItems":
    case "minContains":
    case "maxContains":
    case "$dynamicRef":
    case "$dynamicAnchor":
    case "$recursiveRef":
    case "$recursiveAnchor":
      return `\`${keyword}\` (2019-09 and later; draft-07 ignores it)`;
  }
  return undefined;
}

/** The first keyword of `schema` (with its JSON pointer) that reads differently in the other draft. */
function firstDraftKeyword(schema: JsonObject): string | undefined {
  let found: string | undefined;
  const walk = (node: Record<string, unknown>, pointer: string, depth: number): void => {
    if (found !== undefined || depth > 256) return;
    for (const keyword in node) {
      const what = draftKeyword(keyword, node[keyword]);
      if (what !== undefined) {
        found = `${what} at ${pointer === "" ? "the root" : pointer}`;
        return;
      }
    }
    forEachSubschema(node, true, (child, keyword, key) => {
      walk(child, `${pointer}/${escapeToken(keyword)}${key === undefined ? "" : `/${escapeToken(String(key))}`}`, depth + 1);
    });
  };
  walk(schema, "", 0);
  return found;
}

/** The schema's own draft, as the validators read it (schema/dialect.ts): 2020-12 unless `$schema` names draft-07 or earlier. */
function draftOf(schema: JsonObject): Draft {
  return readsAs2020(schema) ? "draft-2020-12" : "draft-07";
}

/** The schema's form for a draft: itself, itself with `$schema` naming the target, or why there is none. */
function draftForm(schema: JsonObject, target: Draft, differing: string | undefined): Form {
  const own = draftOf(schema);
  if (own === target) return true;
  if (differing !== undefined) return `it is written for ${own} and uses ${differing}`;
  return typeof schema["$schema"] === "string" ? { ...schema, $schema: DRAFT_URI[target] } : true;
}

const TYPES: Readonly<Record<string, string>> = {
  STRING: "string", NUMBER: "number", INTEGER: "integer", BOOLEAN: "boolean", ARRAY: "array", OBJECT: "object",
};

class NoOpenApiForm extends Error {}

/** Gemini's `Schema` as OpenAPI 3.0 writes it: lower-case types, integer limits as numbers, no `propertyOrdering`. */
function openApi30(schema: OpenApiSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema) as Array<[keyof OpenApiSchema, unknown]>) {
    if (value === undefined || key === "propertyOrdering") continue;
    if (key === "type") {
      const type = TYPES[String(value)];
      if (type === undefined) throw new NoOpenApiForm("a schema allows only null, which OpenAPI 3.0 has no type for");
      out["type"] = type;
    } else if (key === "minLength" || key === "maxLength" || key === "minItems" || key === "maxItems" || key === "minProperties" || key === "maxProperties") {
      out[key] = Number(value);
    } else if (key === "items" && isPlainObject(value)) {
      out["items"] = openApi30(value as OpenApiSchema);
    } else if (key === "anyOf" && Array.isArray(value)) {
      out["anyOf"] = value.map((v: OpenApiSchema) => openApi30(v));
    } else if (key === "properties" && isPlainObject(value)) {
      const properties: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) {
        Object.defineProperty(properties, name, { value: openApi30(sub as OpenApiSchema), enumerable: true, writable: true, configurable: true });
      }
      out["properties"] = properties;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The `openapi-3.0` form: Gemini's lowering (which only drops or loosens constraints), or why there is none. */
function openApiForm(schema: JsonObject): Form {
  const lowered = lowerToOpenApi(schema);
  if (!lowered.ok) return `${lowered.reason}${lowered.pointer === "" ? "" : ` (at ${lowered.pointer})`}`;
  try {
    return openApi30(lowered.schema);
  } catch (error) {
    if (error instanceof NoOpenApiForm) return error.message;
    throw error;
  }
}

/** Each target's form of a schema; `true` where the schema as written is the form. */
export function jsonSchemaForms(schema: JsonObject): Record<string, Form> {
  const differing = firstDraftKeyword(schema);
  return { "draft-07": draftForm(schema, "draft-07", differing), "draft-2020-12": draftForm(schema, "draft-2020-12", differing), "openapi-3.0": openApiForm(schema) };
}

/** The tool file's output schema, bundled (as the mcp output reads it), or undefined. */
export function outputSchemaOf(tool: BundledTool): JsonObject | undefined {
  const data = tool.source.data;
  const written = isPlainObject(data) ? ((data["output_schema"] ?? data["outputSchema"]) as JsonValue | undefined) : undefined;
  const schema: JsonValue | undefined = tool.bundledOutputSchema ?? written;
  return isPlainObject(schema) ? schema : undefined;
}

/** `standard-schema/output-validators/<tool>.ts`: the output schema's validator, compiled as the input validators are. */
function outputValidator(tool: BundledTool, schema: JsonObject, names: ToolNames): GeneratedFile {
  const file = compileValidator({ name: tool.name, bundledSchema: schema }, names);
  return {
    ...file,
    path: `standard-schema/output-validators/${names.file}.ts`,
    contents: asOutputValidator(file.contents),
  };
}

/** `standard-schema/output-types/<tool>.ts`: the type of what the tool returns. */
async function outputType(tool: BundledTool, schema: JsonObject, names: ToolNames): Promise<GeneratedFile> {
  const description = typeof schema["description"] === "string" ? schema["description"] : `What the tool ${tool.name} returns.`;
  const file = await emitToolType({ name: tool.name, bundledSchema: { ...schema, description } }, { ...names, type: `${names.base}Output` });
  return { ...file, path: `standard-schema/output-types/${names.file}.ts`, contents: file.contents.replace(`// Input types for the tool`, `// Output types for the tool`) };
}

/** An object literal's key for a tool name: `"__proto__"` written plainly would set the prototype. */
function propKey(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : tsString(name);
}

/** The forms that differ from "every draft as written" (most tools), so the data holds only what is particular. */
function particular(forms: Record<string, Form>): Record<string, Form> {
  const out: Record<string, Form> = {};
  for (const [target, form] of Object.entries(forms)) if (form !== true) out[target] = form;
  return out;
}

export async function emitStandardSchema(tools: readonly BundledTool[], names: ReadonlyMap<string, ToolNames>): Promise<GeneratedFile[]> {
  const n = (t: BundledTool): ToolNames => names.get(t.name)!;
  const withOutput = tools.flatMap((t) => {
    const schema = outputSchemaOf(t);
    return schema === undefined ? [] : [{ tool: t, schema }];
  });
  const files: GeneratedFile[] = [];
  for (const { tool, schema } of withOutput) files.push(outputValidator(tool, schema, n(tool)), await outputType(tool, schema, n(tool)));
  const inputForms = Object.fromEntries(tools.map((t) => [t.name, particular(jsonSchemaForms(t.bundledSchema))]));
  const outputData = Object.fromEntries(withOutput.map(({ tool, schema }) => [tool.name, { schema, forms: particular(jsonSchemaForms(schema)) }]));
  const outputs = withOutput.length > 0;
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// Each tool's schema as a Standard Schema with its JSON Schema (@standard-schema/spec 1.1: StandardSchemaV1 and`,
    `// StandardJSONSchemaV1 under one \`~standard\` key), over the build-time validators: what agent frameworks take.`,
    ...importList("import", ["toolStandardSchemas", "type JsonSchemaForms", ...(outputs ? ["type ToolSchemaSpec"] : []), "type ToolStandardSchema"], "./runtime/standard-schema.js"),
    `import type { ValidateFunction } from "./runtime/dispatch.js";`,
    `import { tools } from "./tools.js";`,
    `import type { ToolInputs, ToolName } from "./types.js";`,
    ...tools.map((t, i) => `import { validate as v${i} } from ${tsString(`./validators/${n(t).file}.js`)};`),
    ...withOutput.flatMap(({ tool }, i) => importList("import", [`validate as o${i}`], `./standard-schema/output-validators/${n(tool).file}.js`)),
    ...withOutput.flatMap(({ tool }) => importList("import type", [`${n(tool).base}Output`], `./standard-schema/output-types/${n(tool).file}.js`)),
    ``,
    ...importList("export type", ["StandardJSONSchemaV1", "StandardSchemaV1", "StandardTypedV1", "ToolStandardSchema"], "./runtime/standard-schema.js"),
    ...withOutput.map(({ tool }) => `export type { ${n(tool).base}Output };`),
    ``,
    `/** What each tool with an output schema returns, by tool name. */`,
    ...(outputs
      ? [`export interface ToolOutputs {`, ...withOutput.map(({ tool }) => member(tsString(tool.name), `${n(tool).base}Output`, ";")), `}`]
      : [`export interface ToolOutputs {}`]),
    ``,
    `/** Each tool's validator, loaded with this module so that \`validate\` answers synchronously. */`,
    `const validators: { readonly [N in ToolName]: ValidateFunction } = {`,
    ...tools.map((t, i) => member(propKey(t.name), `v${i}`, ",")),
    `};`,
    ``,
    `/**`,
    ` * Each tool's JSON Schema targets whose form is not its schema as tools.json has it (a form of its own, or`,
    ` * why none).`,
    ` */`,
    jsonParseStatement(`const inputForms: { readonly [name: string]: JsonSchemaForms } = `, inputForms, `;`),
    ``,
    `/**`,
    ` * Each tool's input schema, by tool name: \`validate\` (synchronous) runs the tool's build-time validator with`,
    ` * dispatch's repair and messages; \`jsonSchema.input({ target })\` gives the schema for "draft-07",`,
    ` * "draft-2020-12" or "openapi-3.0", and throws for a target it has no form for.`,
    ` */`,
    `export const standardSchemas: { readonly [N in ToolName]: ToolStandardSchema<ToolInputs[N]> } =`,
    `  toolStandardSchemas<ToolInputs>(`,
    `    tools.map((t) => ({`,
    `      tool: t.name,`,
    `      role: "input schema",`,
    `      schema: t.input_schema,`,
    `      validate: validators[t.name],`,
    `      forms: { "draft-07": true, "draft-2020-12": true, ...inputForms[t.name] },`,
    `    })),`,
    `  );`,
    ``,
    ...(outputs
      ? [
          `/** One output schema's data: the schema and the targets whose form differs. */`,
          `type OutputData = { schema: { [key: string]: unknown }; forms: JsonSchemaForms };`,
          ``,
          `/** Each output schema (as the tool file has it, bundled), with the targets whose form differs. */`,
          jsonParseStatement(`const outputData: { readonly [name: string]: OutputData } = `, outputData, `;`),
          ``,
          `/** One output schema's spec: its data above and its validator. */`,
          `function outputSpec(tool: string, validate: ValidateFunction): ToolSchemaSpec {`,
          `  const data = outputData[tool] ?? { schema: {}, forms: {} };`,
          `  return {`,
          `    tool,`,
          `    role: "output schema",`,
          `    schema: data.schema,`,
          `    validate,`,
          `    forms: { "draft-07": true, "draft-2020-12": true, ...data.forms },`,
          `  };`,
          `}`,
          ``,
        ]
      : []),
    `/**`,
    ` * Each tool's output schema (for the tools whose file has one), by tool name: \`validate\` checks what a`,
    ` * handler returns (no repair); \`jsonSchema\` gives the output schema.`,
    ` */`,
    `export const standardOutputSchemas: { readonly [N in keyof ToolOutputs]: ToolStandardSchema<ToolOutputs[N]> } =`,
    ...(outputs
      ? [`  toolStandardSchemas<ToolOutputs>([`, ...withOutput.map(({ tool }, i) => `    outputSpec(${tsString(tool.name)}, o${i}),`), `  ]);`]
      : [`  toolStandardSchemas<ToolOutputs>([]);`]),
  ];
  files.push({ root: "out", path: "standard-schema.ts", contents: lines.join("\n") + "\n", ownership: "generated" });
  return files;
}
