/**
 * The reference ajv of the runtime's property tests: ajv compiled with `ownProperties: true`, which
 * differs from plain ajv in two documented ways (see differential.test.ts): its `equal` compares
 * canonical JSON (`useReferenceEqual`, for the tests' lifetime), and it compiles the schema after
 * `protoAsPattern`.
 */
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction as AjvValidate } from "ajv";
import { afterAll, beforeAll } from "vitest";
import { protoAsPattern } from "../../src/emit/validators.js";
import { formats } from "../../src/runtime/formats.js";

/** Reference equality of JSON values: canonical text, own keys sorted. */
export function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "undefined";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
}

/** Points ajv's `equal` at `canonical` for the tests of the calling file. */
export function useReferenceEqual(): void {
  const referenceEqual = Object.assign((a: unknown, b: unknown) => canonical(a) === canonical(b), {
    code: 'require("ajv/dist/runtime/equal").default',
  });
  const require = createRequire(import.meta.url);
  const equalModule = require("ajv/dist/runtime/equal") as { default: unknown };
  const original = equalModule.default;
  beforeAll(() => {
    equalModule.default = referenceEqual;
  });
  afterAll(() => {
    equalModule.default = original;
  });
}

/** The reference validator of a tool's input schema. */
export function reference(toolSchema: unknown): AjvValidate {
  const ajv = new Ajv({ allErrors: true, strict: false, ownProperties: true, formats, logger: false, validateSchema: false });
  return ajv.compile(protoAsPattern(toolSchema) as object);
}
