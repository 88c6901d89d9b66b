/** The JSON Schema dialects `schema-valid` checks against, named by `$schema` (no dependencies). */

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

/**
 * The meta-schema a `$schema` names (draft-07's when there is none); `undefined` for one we do not
 * support. A schema without `$schema` is read as 2020-12 everywhere else (schema/dialect.ts); its
 * meta-schema check stays draft-07's (with the newer keywords' subschemas checked one by one), which
 * differs from 2020-12's chiefly on an array `items`: dialect-ambiguous-keyword warns about that, rather
 * than schema-valid failing a folder that was valid before the default changed.
 */
export function dialectOf($schema: unknown): Dialect | undefined {
  if ($schema === undefined) return DRAFT_07;
  if (typeof $schema !== "string") return undefined;
  return DIALECTS.find(([pattern]) => pattern.test($schema))?.[1];
}
