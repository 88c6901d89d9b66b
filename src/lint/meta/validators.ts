/**
 * Meta-schema validation: is a schema a valid JSON Schema of its dialect? The schema itself is never
 * compiled. Draft-07 (the default, and by far the most common) uses Ajv's validator for the draft-07
 * meta-schema compiled ahead of time (`draft-07.generated.ts`): loading Ajv and compiling the
 * meta-schema costs ~70 ms, a third of a cold `toolgen lint` run on a thousand tools. 2019-09 and
 * 2020-12 load Ajv on first use, one instance per dialect. `toolgen lint` loads this module only for a
 * schema the fast path (draft-07-fast.ts) cannot vouch for.
 */
import { createRequire } from "node:module";
import type { ErrorObject } from "ajv";
import { DRAFT_07, type Dialect } from "./dialects.js";
import { AJV_VERSION, DRAFT_07_VALIDATOR } from "./draft-07.generated.js";

/** The options the meta-schema validators are compiled with (and the generated one was). */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;

export { dialectOf, DRAFT_07, type Dialect } from "./dialects.js";

interface Validate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
interface MetaValidator {
  validate(metaSchema: string, data: unknown): boolean | Promise<unknown>;
  errors?: ErrorObject[] | null;
}
type AjvClass = new (options: typeof AJV_OPTIONS) => MetaValidator;

const require = createRequire(import.meta.url);
const instances = new Map<Dialect["module"], MetaValidator>();
let draft07: Validate | undefined;

/** Ajv's errors for `schema` against the dialect's meta-schema (empty when it is valid). */
export function metaSchemaErrors(dialect: Dialect, schema: unknown): readonly ErrorObject[] {
  if (dialect === DRAFT_07) {
    draft07 ??= loadDraft07();
    return draft07(schema) ? [] : (draft07.errors ?? []);
  }
  let ajv = instances.get(dialect.module);
  if (!ajv) {
    const Ajv = (require(dialect.module) as { default: AjvClass }).default;
    ajv = new Ajv(AJV_OPTIONS);
    instances.set(dialect.module, ajv);
  }
  return ajv.validate(dialect.metaSchema, schema) === true ? [] : (ajv.errors ?? []);
}

/**
 * Evaluates the generated standalone validator (CommonJS source, as ajv/dist/standalone writes it); its
 * `require`s (Ajv's small runtime helpers) resolve from here.
 */
function loadDraft07(): Validate {
  const module: { exports: unknown } = { exports: {} };
  const factory = new Function("require", "module", "exports", DRAFT_07_VALIDATOR) as (
    require: NodeRequire,
    module: { exports: unknown },
    exports: unknown,
  ) => void;
  factory(require, module, module.exports);
  const validate = module.exports as Validate;
  if (typeof validate !== "function") throw new Error(`toolgen: the draft-07 validator (Ajv ${AJV_VERSION}) did not load`);
  return validate;
}
