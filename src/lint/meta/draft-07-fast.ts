/**
 * A fast path for draft-07 meta-schema validation: `surelyValidDraft07(schema)` is true only when Ajv's
 * draft-07 meta-schema validator (./validators.ts, `metaSchemaErrors(DRAFT_07, schema)`) would report no
 * error; false means "ask Ajv" (the schema may well be valid: an `enum` of several objects, a schema nested
 * deeper than MAX_DEPTH, non-finite numbers, ... are all left to Ajv). Use it only where the dialect is
 * draft-07 (`dialectOf(schema.$schema) === DRAFT_07`): for the draft-07 meta-schema `$schema` is just a string.
 *
 * Why: Ajv's generated code reads every one of the ~40 draft-07 keywords on every schema object
 * (`data.maxLength !== undefined`, ...), lookups of absent properties on objects of many shapes, which
 * are slow in a cold process (V8's interpreter, megamorphic inline caches). Here each object's own keys
 * are iterated once and `switch`ed on, so the cost is proportional to the keywords actually present.
 *
 * What is checked is exactly node_modules/ajv/dist/refs/json-schema-draft-07.json, as Ajv enforces it with
 * the options in ./validators.ts (`validateFormats: false`, so `format: "regex"` / `"uri"` / ... in the
 * meta-schema are not checked, nor here):
 *   - a schema is an object (not null, not an array) or a boolean;
 *   - `$id` `$schema` `$ref` `$comment` `title` `description` `pattern` `format` `contentMediaType`
 *     `contentEncoding` are strings; `readOnly` `uniqueItems` are booleans (`writeOnly` is NOT in Ajv's copy
 *     of the meta-schema, so it is an unknown keyword, as is `$defs`: neither is validated);
 *   - `multipleOf` is a number > 0; `maximum` `exclusiveMaximum` `minimum` `exclusiveMinimum` numbers;
 *     `maxLength` `minLength` `maxItems` `minItems` `maxProperties` `minProperties` integers >= 0;
 *   - `type` is a simple type or a non-empty array of distinct simple types;
 *   - `required` is an array of distinct strings (may be empty); `enum` a non-empty array of distinct
 *     values (deep equality); `examples` an array;
 *   - `items` a schema or a non-empty array of schemas; `allOf` `anyOf` `oneOf` non-empty arrays of
 *     schemas; `additionalItems` `additionalProperties` `contains` `propertyNames` `not` `if` `then` `else`
 *     schemas; `properties` `patternProperties` `definitions` objects whose values are schemas;
 *     `dependencies` an object whose values are schemas or arrays of distinct strings;
 *   - `default`, `const` and every other key: anything.
 *
 * Deliberately stricter than Ajv (false where Ajv may say valid), never looser:
 *   - non-finite numbers (NaN, ±Infinity: YAML's `.nan`/`.inf`) are rejected wherever a number is
 *     expected (Ajv's "number" is only `typeof == "number"`, and its "integer" accepts ±Infinity);
 *   - an `enum` with two or more objects/arrays (uniqueness would need a deep comparison);
 *   - duplicate `"__proto__"` entries in `required` / `dependencies` (Ajv's uniqueness check keeps its
 *     seen-strings in a plain object, so it misses that duplicate);
 *   - schemas nested deeper than MAX_DEPTH (and so cyclic structures, which Ajv cannot validate either);
 *   - a checked keyword present with the value `undefined` (not JSON; Ajv skips it, this says false;
 *     `default`, `const`, `$defs` and unknown keywords pass, as in Ajv).
 *
 * Keys are read the way Ajv reads them: `for...in` (own and inherited enumerable keys, as Ajv's own loops
 * over `properties` etc.) and `obj[key]`, which for an own `"__proto__"` key (JSON.parse and the YAML
 * loader both make one) returns the own value. Ajv also sees non-enumerable properties through
 * `data.keyword`; parsed JSON/YAML has none, and this is meant for parsed data.
 */

/** Subschema nesting beyond which the answer is "ask Ajv". */
const MAX_DEPTH = 200;

/** true only when `schema` is certainly valid against the draft-07 meta-schema (Ajv would report no error); false means "ask Ajv". */
export function surelyValidDraft07(schema: unknown): boolean {
  return isSchema(schema, 0);
}

function isSchema(schema: unknown, depth: number): boolean {
  if (typeof schema === "boolean") return true;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > MAX_DEPTH) return false;
  const object = schema as Record<string, unknown>;
  const next = depth + 1;
  for (const key in object) {
    const value = object[key];
    // A string `switch` is a chain of comparisons in the interpreter: the keywords are in the order of
    // their frequency in tool schemas (bench/corpus.mjs), and those the meta-schema leaves unchecked but
    // which are common (`default`, `$defs`, `const`) stop the chain early.
    switch (key) {
      case "type":
        if (typeof value === "string" ? !isSimpleType(value) : !isTypeArray(value)) return false;
        break;
      case "description":
        if (typeof value !== "string") return false;
        break;
      case "properties":
        if (!isSchemaMap(value, next)) return false;
        break;
      case "format":
        if (typeof value !== "string") return false;
        break;
      case "required":
        if (!isStringSet(value)) return false;
        break;
      case "minimum":
      case "maximum":
        // `x - x === 0` is false for NaN and ±Infinity (and cheaper than a call in the interpreter).
        if (typeof value !== "number" || value - value !== 0) return false;
        break;
      case "items":
        if (Array.isArray(value) ? !isSchemaArray(value, next) : !isSchema(value, next)) return false;
        break;
      case "enum":
        if (!isEnum(value)) return false;
        break;
      case "minLength":
      case "maxLength":
      case "minItems":
      case "maxItems":
        // `x % 1 === 0` is false for NaN and ±Infinity; -0 passes, as it does in Ajv (`-0 < 0` is false).
        if (typeof value !== "number" || !(value >= 0) || value % 1 !== 0) return false;
        break;
      case "default":
      case "$defs":
      case "const":
        break;
      case "additionalProperties":
        if (!isSchema(value, next)) return false;
        break;
      case "$ref":
      case "pattern":
      case "title":
        if (typeof value !== "string") return false;
        break;
      case "uniqueItems":
      case "readOnly":
        if (typeof value !== "boolean") return false;
        break;
      case "anyOf":
      case "oneOf":
      case "allOf":
        if (!Array.isArray(value) || !isSchemaArray(value, next)) return false;
        break;
      case "examples":
        if (!Array.isArray(value)) return false;
        break;
      case "$id":
      case "$schema":
      case "$comment":
      case "contentMediaType":
      case "contentEncoding":
        if (typeof value !== "string") return false;
        break;
      case "definitions":
      case "patternProperties":
        if (!isSchemaMap(value, next)) return false;
        break;
      case "additionalItems":
      case "contains":
      case "propertyNames":
      case "not":
      case "if":
      case "then":
      case "else":
        if (!isSchema(value, next)) return false;
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (typeof value !== "number" || value - value !== 0) return false;
        break;
      case "minProperties":
      case "maxProperties":
        if (typeof value !== "number" || !(value >= 0) || value % 1 !== 0) return false;
        break;
      case "multipleOf":
        if (typeof value !== "number" || !(value > 0) || value - value !== 0) return false;
        break;
      case "dependencies":
        if (!isDependencies(value, next)) return false;
        break;
      // `writeOnly` and unknown keywords: not validated by the meta-schema (nor are `default`, `const`, `$defs`).
    }
  }
  return true;
}

function isSimpleType(value: unknown): boolean {
  return typeBit(value) !== 0;
}

function typeBit(value: unknown): number {
  switch (value) {
    case "string":
      return 1;
    case "object":
      return 2;
    case "number":
      return 4;
    case "integer":
      return 8;
    case "boolean":
      return 16;
    case "array":
      return 32;
    case "null":
      return 64;
    default:
      return 0;
  }
}

/** A non-empty array of distinct simple types. */
function isTypeArray(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    const bit = typeBit(value[i]);
    if (bit === 0 || (seen & bit) !== 0) return false;
    seen |= bit;
  }
  return true;
}

/** The meta-schema's `stringArray`: an array of distinct strings (possibly empty). */
function isStringSet(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const n = value.length;
  for (let i = 0; i < n; i++) if (typeof value[i] !== "string") return false;
  // Compared as Ajv does (`===`): a few by nested loops, more by a Set (built natively).
  return n <= SMALL ? distinctFew(value) : new Set(value).size === n;
}

/**
 * A non-empty array of distinct values. Ajv compares with fast-deep-equal, which for primitives is
 * `===` except that NaN equals NaN (a Set's SameValueZero: NaN equals NaN, 0 equals -0, as `===`
 * has it), and never finds an object or array equal to a primitive; so with at most one
 * object/array, a Set of all the values has as many members as the array has distinct values.
 */
function isEnum(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const n = value.length;
  if (n === 0) return false;
  if (n === 1) return true;
  let objects = 0;
  for (let i = 0; i < n; i++) {
    const item: unknown = value[i];
    if (typeof item === "object" && item !== null && ++objects > 1) return false;
  }
  return n <= SMALL ? distinctFew(value) : new Set(value).size === n;
}

/** Up to this many values are compared pairwise: fewer steps than building a Set, and no allocation. */
const SMALL = 8;

/**
 * Whether no two values are equal as a Set sees them (SameValueZero: `===`, except that NaN equals
 * NaN); an object or array only ever equals itself.
 */
function distinctFew(value: readonly unknown[]): boolean {
  for (let i = 1; i < value.length; i++) {
    const a = value[i];
    for (let j = 0; j < i; j++) {
      const b = value[j];
      if (a === b || (a !== a && b !== b)) return false;
    }
  }
  return true;
}

/** A non-empty array of schemas. Holes read as `undefined`, which is not a schema (as in Ajv). */
function isSchemaArray(value: readonly unknown[], depth: number): boolean {
  const n = value.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) if (!isSchema(value[i], depth)) return false;
  return true;
}

/** An object (not null, not an array) whose values are schemas. */
function isSchemaMap(value: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const map = value as Record<string, unknown>;
  for (const key in map) if (!isSchema(map[key], depth)) return false;
  return true;
}

/** An object whose values are schemas or arrays of distinct strings. */
function isDependencies(value: unknown, depth: number): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const map = value as Record<string, unknown>;
  for (const key in map) {
    const dependency = map[key];
    if (Array.isArray(dependency) ? !isStringSet(dependency) : !isSchema(dependency, depth)) return false;
  }
  return true;
}
