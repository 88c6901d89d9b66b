/**
 * The `gemini` output: `gemini.ts`, Gemini's `functionDeclarations` (one per tool, in tools.json's
 * order) and the dispatch adapter from `functionCall` parts to `functionResponse` parts over the same
 * dispatcher as native dispatch (runtime/gemini.ts).
 *
 * Each declaration carries the tool's schema as `parametersJsonSchema` (JSON Schema, unchanged: built
 * from tools.ts's entries, so the schemas are not written twice) by default; with
 * `geminiSchemaField: "parameters"` it carries
 * `parameters`, the schema lowered to Gemini's OpenAPI-3.0 subset (src/schema/openapi.ts). A tool's output
 * schema goes the same way: `responseJsonSchema` (JSON Schema), or `response` (lowered), both fields of
 * @google/genai 3.3's `FunctionDeclaration` ("Describes the output from this function"). The file
 * imports no package at run time; the `parameters` form imports @google/genai's types (its `Type`
 * is a string enum, to which no string literal type is assignable), which `import type` erases.
 */
import { SchemaCompileError } from "../../load/compile-error.js";
import type { BundledTool, GeneratedFile, JsonObject } from "../../model.js";
import { lowerToOpenApi, type OpenApiSchema } from "../../schema/openapi.js";
import { jsonParseStatement } from "../../emit/code-lines.js";
import { GENERATED_HEADER, toTsLiteral } from "../../emit/literal.js";
import { tsString } from "../../emit/names.js";

/** Which `FunctionDeclaration` field the `gemini` output fills: JSON Schema, or Gemini's OpenAPI subset. */
export type GeminiSchemaField = "parametersJsonSchema" | "parameters";

/**
 * Gemini's function-name rule: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or
 * contain underscores, dots, colons and dashes, with a maximum length of 128" (@google/genai 2.32.0,
 * FunctionDeclaration.name).
 */
export const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/;

interface LoweredDeclaration {
  name: string;
  description?: string;
  parameters: OpenApiSchema;
  /** The output schema, lowered as the input schema is. */
  response?: OpenApiSchema;
}

/** A schema of the tool lowered to Gemini's OpenAPI subset; a recursive schema is a SchemaCompileError (an input error). */
function lowered(tool: BundledTool, schema: JsonObject): OpenApiSchema {
  const result = lowerToOpenApi(schema);
  if (!result.ok) throw new SchemaCompileError(tool.name, "Gemini's OpenAPI subset (geminiSchemaField: \"parameters\")", new Error(result.reason));
  return result.schema;
}

/** The `parameters` form's declarations, in tool order, each with its output schema as `response` where the tool has one. */
export function loweredDeclarations(tools: readonly BundledTool[]): LoweredDeclaration[] {
  return tools.map((t) => ({
    name: t.name,
    ...(t.description !== undefined ? { description: t.description } : {}),
    parameters: lowered(t, t.bundledSchema),
    ...(t.bundledOutputSchema !== undefined ? { response: lowered(t, t.bundledOutputSchema) } : {}),
  }));
}

/** gemini.ts's `outputSchemas` (the JSON Schema form): each tool's output schema, by name, as its file has it (bundled). */
function outputSchemaLines(tools: readonly BundledTool[]): string[] {
  const entries = tools.flatMap((t) => (t.bundledOutputSchema === undefined ? [] : [`  [${tsString(t.name)}, ${toTsLiteral(t.bundledOutputSchema, "  ", 1)}],`]));
  return [
    `/** The tools' output schemas (the tool files' \`output_schema\`), by name: each declaration's \`responseJsonSchema\`. */`,
    ...(entries.length === 0
      ? [`const outputSchemas = new Map<string, { [key: string]: unknown }>();`]
      : [`const outputSchemas = new Map<string, { [key: string]: unknown }>([`, ...entries, `]);`]),
    ``,
  ];
}

export function emitGemini(tools: readonly BundledTool[], field: GeminiSchemaField): GeneratedFile[] {
  const typeLines =
    field === "parametersJsonSchema"
      ? [
          `/** One entry of Gemini's \`functionDeclarations\`; assignable to @google/genai's \`FunctionDeclaration\`. */`,
          `export interface GeminiFunctionDeclaration {`,
          `  name: ToolName;`,
          `  description?: string;`,
          `  /** The tool's input schema (JSON Schema), as tools.json has it. */`,
          `  parametersJsonSchema: { [key: string]: unknown };`,
          `  /** The tool's output schema (JSON Schema), where its file has one: the value its handler returns. */`,
          `  responseJsonSchema?: { [key: string]: unknown };`,
          `}`,
        ]
      : [
          `/** One entry of Gemini's \`functionDeclarations\`, with the schema lowered to Gemini's OpenAPI subset (\`parameters\`). */`,
          `export interface GeminiFunctionDeclaration extends FunctionDeclaration {`,
          `  name: ToolName;`,
          `  description?: string;`,
          `  parameters: Schema;`,
          `  /** The tool's output schema, lowered as its input schema is, where its file has one. */`,
          `  response?: Schema;`,
          `}`,
        ];
  const lines = [
    `// ${GENERATED_HEADER}`,
    `// Gemini function calling: the tools as \`functionDeclarations\`, and \`functionCall\` parts dispatched to the handlers.`,
    ...(field === "parameters" ? [`import type { FunctionDeclaration, Schema } from "@google/genai";`] : []),
    `import { createDispatcher, dispatcher, type ToolHandlers } from "./index.js";`,
    `import { createGeminiDispatcher as adapt, type GeminiDispatcher } from "./runtime/gemini.js";`,
    ...(field === "parametersJsonSchema" ? [`import { tools } from "./tools.js";`] : []),
    `import type { ToolName } from "./types.js";`,
    ``,
    `export type {`,
    `  GeminiDispatcher,`,
    `  GeminiFunctionCall,`,
    `  GeminiFunctionResponse,`,
    `  GeminiResponsePart,`,
    `} from "./runtime/gemini.js";`,
    ``,
    ...typeLines,
    ``,
    ...(field === "parametersJsonSchema" ? outputSchemaLines(tools) : []),
    `/** Pass as \`config.tools: [{ functionDeclarations }]\` of a \`generateContent\` request. */`,
    ...(field === "parametersJsonSchema"
      ? [
          `export const functionDeclarations: GeminiFunctionDeclaration[] = tools.map((t) => {`,
          `  const declaration: GeminiFunctionDeclaration = { name: t.name, parametersJsonSchema: t.input_schema };`,
          `  if (t.description !== undefined) declaration.description = t.description;`,
          `  const output = outputSchemas.get(t.name);`,
          `  if (output !== undefined) declaration.responseJsonSchema = output;`,
          `  return declaration;`,
          `});`,
        ]
      : [jsonParseStatement("export const functionDeclarations: GeminiFunctionDeclaration[] = ", loweredDeclarations(tools), ";")]),
    ``,
    `/** Answers a model turn's \`functionCall\` parts with \`functionResponse\` parts (the handler files). */`,
    `export const geminiDispatcher: GeminiDispatcher = adapt(dispatcher);`,
    ``,
    `/** The same over the given handlers (the same validators and messages as \`createDispatcher\`). */`,
    `export function createGeminiDispatcher(handlers: ToolHandlers): GeminiDispatcher {`,
    `  return adapt(createDispatcher(handlers));`,
    `}`,
  ];
  return [{ root: "out", path: "gemini.ts", contents: lines.join("\n") + "\n", ownership: "generated" }];
}
