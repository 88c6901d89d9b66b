/**
 * Meta-schema validation: is a schema a valid JSON Schema of its dialect? The schema itself is never
 * compiled. Draft-07 (the default, and by far the most common) uses Ajv's validator for the draft-07
 * meta-schema compiled ahead of time (`draft-07.generated.ts`): loading Ajv and compiling the
 * meta-schema costs ~70 ms, a third of a cold `toolgen lint` run on a thousand tools. 2019-09 and
 * 2020-12 load Ajv on first use, one instance per dialect.
 */
import { createRequire } from "node:module";
import type { ErrorObject } from "ajv";
import { AJV_VERSION, DRAFT_07_VALIDATOR } from "./draft-07.generated.js";

/** The options the meta-schema validators are compiled with (and the generated one was). */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;

export interface Dialect {
  name: string;
  metaSchema: string;
  /** The Ajv class for the dialect, as a module path. */
  module: "ajv" | "ajv/dist/2019" | "ajv/dist/2020";
}

export const DRAFT_07: Dialect = { name: "draft-07", metaSchema: "http://json-schema.org/draft-07/schema", module: "ajv" };
const DIALECTS: readonly [RegExp, Dialect][] = [
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, DRAFT_07],
  [
    /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/,
    { name: "2019-09", metaSchema: "https://json-schema.org/draft/2019-09/schema", module: "ajv/dist/2019" },
  ],
  [
    /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/,
    { name: "2020-12", metaSchema: "https://json-schema.org/draft/2020-12/schema", module: "ajv/dist/2020" },
  ],
];

/** The dialect a `$schema` names (draft-07 when there is none); `undefined` for one we do not support. */
export function dialectOf($schema: unknown): Dialect | undefined {
  if ($schema === undefined) return DRAFT_07;
  if (typeof $schema !== "string") return undefined;
  return DIALECTS.find(([pattern]) => pattern.test($schema))?.[1];
}

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
