/**
 * A schema a code generator (Ajv, json-schema-to-typescript) cannot compile is the user's input,
 * not toolgen's bug: the emitters throw SchemaCompileError naming the tool, and the build turns it
 * into an InputError (exit 1) located at the tool's input schema, never an internal error (exit 70).
 */
import { InputError } from "../errors.js";
import type { BundledTool, Diagnostic } from "../model.js";
import { locatePointer } from "./positions.js";

export class SchemaCompileError extends Error {
  override name = "SchemaCompileError";
  constructor(
    readonly tool: string,
    /** What could not compile it, e.g. "Ajv". */
    readonly compiler: string,
    cause: unknown,
  ) {
    super(`${compiler} cannot compile this schema: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** `error` as an InputError when it is a SchemaCompileError of one of `tools`; otherwise `error` itself. */
export function asInputError(error: unknown, tools: readonly BundledTool[]): unknown {
  if (!(error instanceof SchemaCompileError)) return error;
  const tool = tools.find((t) => t.name === error.tool);
  if (!tool) return error;
  const diagnostic: Diagnostic = {
    file: tool.source.displayPath,
    tool: tool.name,
    rule: "schema-valid",
    severity: "error",
    message: error.message,
    pointer: "/input_schema",
    ...locatePointer(tool.source, "/input_schema"),
  };
  return new InputError([diagnostic], "1 error(s); nothing was written");
}
