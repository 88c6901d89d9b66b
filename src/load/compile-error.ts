/**
 * A schema a code generator (Ajv, json-schema-to-typescript) cannot compile is the user's input,
 * not toolgen's bug: the emitters throw SchemaCompileError naming the tool, and the build turns it
 * into an InputError (exit 1) located at the tool's input schema (lint/load-problems.ts asInputError),
 * never an internal error (exit 70).
 */

export class SchemaCompileError extends Error {
  override name = "SchemaCompileError";
  constructor(
    readonly tool: string,
    /** What could not compile it, e.g. "Ajv". */
    readonly compiler: string,
    cause: unknown,
    /** Where in the input schema (a JSON pointer relative to it; "" or absent: the schema as a whole). */
    readonly pointer = "",
  ) {
    super(`${compiler} cannot compile this schema: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
