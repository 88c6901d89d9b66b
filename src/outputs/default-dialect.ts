/**
 * The `defaultDialect` setting: the JSON Schema dialect a schema without `$schema` is read in
 * (schema/dialect.ts). 2020-12 unless set, as the clients read such a schema; a folder written for
 * draft-07 sets "draft-07", and the load stage (load/index.ts) then gives each such schema that
 * `$schema`, so that every stage and output, and the schemas sent to the clients, say the same.
 */
import { UsageError } from "../errors.js";
import { DEFAULT_DIALECT, DIALECT_NAMES, type DialectName } from "../schema/dialect.js";
import { defineSetting } from "./output.js";

export const defaultDialect = defineSetting<DialectName, "defaultDialect">({
  key: "defaultDialect",
  describe: `the JSON Schema dialect of a schema without "$schema" (${DIALECT_NAMES.join(", ")}); other than 2020-12, each such schema is given that "$schema" [default: ${DEFAULT_DIALECT}]`,
  default: DEFAULT_DIALECT,
  parse: (value, where) => {
    if (typeof value !== "string" || !(DIALECT_NAMES as readonly string[]).includes(value)) {
      throw new UsageError(`${where}: 'defaultDialect' must be one of ${DIALECT_NAMES.map((d) => `"${d}"`).join(", ")} (found ${JSON.stringify(value)?.slice(0, 40)})`);
    }
    return value as DialectName;
  },
});

export const DIALECT_SETTINGS = [defaultDialect] as const;
