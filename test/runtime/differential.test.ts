/**
 * Issue 10 item 5's property test: on random schemas and inputs (keys such as __proto__,
 * constructor, toString and hasOwnProperty included), dispatch's verdict agrees with ajv compiled
 * with `ownProperties: true`: 0 disagreements. Fixed seed; a bounded budget by default, more with
 * TOOLGEN_HEAVY=1.
 *
 * The reference ajv differs from plain ajv in two documented ways, each a defect of ajv that the
 * generated validators fix and hostile.test.ts pins down: its `equal` (fast-deep-equal) compares
 * `.constructor`, so it is given a reference equality (canonical JSON) here; and it leaves a
 * `properties.__proto__` entry out of its code, so it compiles the schema after `protoAsPattern`.
 * Patterns run natively in the reference, with RE2 in the validators; formats use the same checks
 * (their meaning is tested in hostile.test.ts).
 */
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction as AjvValidate } from "ajv";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { protoAsPattern } from "../../src/emit/validators.js";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { formats } from "../../src/runtime/formats.js";
import { compiled } from "./compiled.js";
import { json, schema } from "./arbitraries.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 1_500 : 200;
const INPUTS = HEAVY ? 200 : 40;

/** Reference equality of JSON values: canonical text, own keys sorted. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "undefined";
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
}
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

function reference(s: unknown): AjvValidate {
  const ajv = new Ajv({ allErrors: true, strict: false, ownProperties: true, formats, logger: false, validateSchema: false });
  return ajv.compile(protoAsPattern({ type: "object", properties: { p: s } }) as object);
}

describe("dispatch agrees with ajv (ownProperties: true)", () => {
  it(`on ${SCHEMAS} random schemas x ${INPUTS} random inputs: 0 disagreements`, async () => {
    const disagreements: string[] = [];
    const rng = fc.sample(fc.tuple(schema, fc.array(json, { minLength: INPUTS, maxLength: INPUTS })), { numRuns: SCHEMAS, seed: 20261122 });
    let checked = 0;
    for (const [s, inputs] of rng) {
      const toolSchema = { type: "object", properties: { p: s } };
      // JSON text and back: what a model sends (own "__proto__" keys included).
      const wire = JSON.parse(JSON.stringify(toolSchema)) as RegisteredTool["inputSchema"];
      const validate = await compiled(wire);
      const oracle = reference(JSON.parse(JSON.stringify(s)));
      const tools: RegisteredTool[] = [{ name: "t", inputSchema: wire, loadValidator: () => validate }];
      const handlers: Record<string, ToolHandler<never>> = { t: () => "ok" };
      const d = createDispatcherFrom<Record<string, never>>(tools, handlers);
      for (const value of inputs) {
        const input: unknown = JSON.parse(JSON.stringify({ p: value }));
        const expected = oracle(input);
        const result = await d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input });
        const got = result.is_error !== true;
        checked++;
        if (got !== expected) disagreements.push(`${JSON.stringify(s)} on ${JSON.stringify(input)}: dispatch ${got}, ajv ${expected}`);
      }
    }
    expect(checked).toBe(SCHEMAS * INPUTS);
    expect(disagreements.slice(0, 5)).toEqual([]);
  }, HEAVY ? 1_800_000 : 120_000);
});
