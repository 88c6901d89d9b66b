/**
 * Witnesses for `toolgen diff`: a concrete tool input that one side accepts and the other rejects,
 * checked with Ajv (the validator a build generates, same options and formats). The inputs tried are
 * the base's and the head's sample inputs with candidate values (sample.ts) put where the change is.
 */
import { Ajv, type Options, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { JsonValue } from "../model.js";
import { formats } from "../runtime/formats.js";
import type { Direction } from "./compare.js";
import { candidates, place, type DataStep } from "./sample.js";

const OPTIONS: Options = { strict: false, allErrors: false, ownProperties: true, validateFormats: true, formats, logger: false, validateSchema: false, addUsedSchema: false };

export type Validate = (value: unknown) => boolean;

/** A validator for one bundled input schema; a schema Ajv cannot compile accepts nothing (and says why). */
export function validatorFor(schema: unknown): { validate: Validate; error?: string } {
  if (schema === undefined) return { validate: () => false };
  const s = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? (schema as Record<string, unknown>) : {};
  const { $id: _id, $schema, ...rest } = s;
  const ajv = typeof $schema === "string" && /2020-12|2019-09/.test($schema) ? new Ajv2020(OPTIONS) : new Ajv(OPTIONS);
  try {
    const fn: ValidateFunction = ajv.compile(typeof schema === "boolean" ? schema : rest);
    return { validate: (v) => fn(v) === true };
  } catch (error) {
    return { validate: () => false, error: (error as Error).message };
  }
}

export interface Sides {
  baseSchema: unknown;
  headSchema: unknown;
  base: Validate;
  head: Validate;
}

/** Most inputs tried for one change. */
const BUDGET = 400;

/**
 * An input showing the change breaks `direction` (callers: the base accepts it, the head rejects it;
 * handlers: the reverse), or undefined when none of the inputs tried does.
 */
export function findWitness(sides: Sides, path: readonly DataStep[], baseNode: unknown, headNode: unknown, direction: Direction, extra: readonly JsonValue[] = []): JsonValue | undefined {
  const values: JsonValue[] = [...extra];
  candidates(baseNode, sides.baseSchema, values);
  candidates(headNode, sides.headSchema, values);
  const seen = new Set<string>();
  let tried = 0;
  const [accepts, rejects] = direction === "callers" ? [sides.base, sides.head] : [sides.head, sides.base];
  const contexts = direction === "callers" ? [sides.baseSchema, sides.headSchema] : [sides.headSchema, sides.baseSchema];
  for (const value of values) {
    for (let c = 0; c < contexts.length; c++) {
      const root = contexts[c]!;
      let input: JsonValue;
      try {
        input = place(root, root, path, value);
      } catch {
        continue;
      }
      const key = JSON.stringify(input);
      if (seen.has(key)) continue;
      seen.add(key);
      if (++tried > BUDGET) return undefined;
      if (accepts(input) && !rejects(input)) return input;
    }
  }
  return undefined;
}
