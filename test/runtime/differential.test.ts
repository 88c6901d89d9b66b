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
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { compiled } from "./compiled.js";
import { json, schema } from "./arbitraries.js";
import { reference, useReferenceEqual } from "./reference-ajv.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 1_500 : 100;
const INPUTS = HEAVY ? 200 : 40;

useReferenceEqual();

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
      const oracle = reference({ type: "object", properties: { p: JSON.parse(JSON.stringify(s)) as unknown } });
      const tools: RegisteredTool[] = [{ name: "t", inputSchema: wire, loadValidator: () => validate }];
      const handlers: Record<string, ToolHandler<never>> = { t: () => "ok" };
      const d = createDispatcherFrom<Record<string, never>>(tools, handlers);
      for (const value of inputs) {
        const input: unknown = JSON.parse(JSON.stringify({ p: value }));
        const expected = oracle(input);
        // The validator's verdict: input repair (repair.test.ts) would accept some inputs it rejects.
        const result = await d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input }, { repair: false });
        const got = result.is_error !== true;
        checked++;
        if (got !== expected) disagreements.push(`${JSON.stringify(s)} on ${JSON.stringify(input)}: dispatch ${got}, ajv ${expected}`);
      }
    }
    expect(checked).toBe(SCHEMAS * INPUTS);
    expect(disagreements.slice(0, 5)).toEqual([]);
  }, HEAVY ? 1_800_000 : 120_000);
});
