/**
 * Meta-schema validation: is a schema a valid JSON Schema of its dialect? The schema itself is never
 * compiled. Each dialect's meta-schema is compiled by Ajv on first use, one instance per dialect (Ajv's
 * own code generation; nothing precompiled is evaluated here). `toolgen lint` loads this module only
 * for a schema the draft-07 fast path (draft-07-fast.ts) cannot vouch for, so a clean run never pays
 * for Ajv.
 */
import { createRequire } from "node:module";
import type { ErrorObject } from "ajv";
import type { Dialect } from "./dialects.js";

/** The options the meta-schema validators are compiled with. */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;

export { dialectOf, DRAFT_07, type Dialect } from "./dialects.js";

interface MetaValidator {
  validate(metaSchema: string, data: unknown): boolean | Promise<unknown>;
  errors?: ErrorObject[] | null;
}
type AjvClass = new (options: typeof AJV_OPTIONS) => MetaValidator;

const require = createRequire(import.meta.url);
const instances = new Map<Dialect["module"], MetaValidator>();

/** Ajv's errors for `schema` against the dialect's meta-schema (empty when it is valid). */
export function metaSchemaErrors(dialect: Dialect, schema: unknown): readonly ErrorObject[] {
  let ajv = instances.get(dialect.module);
  if (!ajv) {
    const Ajv = (require(dialect.module) as { default: AjvClass }).default;
    ajv = new Ajv(AJV_OPTIONS);
    instances.set(dialect.module, ajv);
  }
  return ajv.validate(dialect.metaSchema, schema) === true ? [] : (ajv.errors ?? []);
}
