/**
 * Issue 25: the `standard-schema` output's `validate` agrees with native dispatch on the differential
 * property test's inputs (test/runtime/differential.test.ts: the same random schemas and inputs, keys
 * such as __proto__ and constructor included): the same verdict, the same message (the issues'
 * messages joined as dispatch joins them), the issue paths inside the input, and with repair on, the
 * value the handler would get. Fixed seed; a bounded budget by default, more with TOOLGEN_HEAVY=1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { toolStandardSchema } from "../../src/runtime/standard-schema.js";
import { compiled } from "./compiled.js";
import { json, schema } from "./arbitraries.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 1_500 : 100;
const INPUTS = HEAVY ? 200 : 40;

/** Whether `path` (a Standard Schema path) names a place inside `input`, or one step past it (a missing or unknown key). */
function reaches(input: unknown, path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>): boolean {
  let at: unknown = input;
  for (let i = 0; i < path.length; i++) {
    if (typeof at !== "object" || at === null) return false;
    const segment = path[i]!;
    const key = typeof segment === "object" ? segment.key : segment;
    if (!Object.prototype.hasOwnProperty.call(at, key)) return i === path.length - 1;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return true;
}

describe("the standard-schema output's validate agrees with native dispatch", () => {
  it(`on ${SCHEMAS} random schemas x ${INPUTS} random inputs, repair off and on: 0 disagreements`, async () => {
    const disagreements: string[] = [];
    const rng = fc.sample(fc.tuple(schema, fc.array(json, { minLength: INPUTS, maxLength: INPUTS })), { numRuns: SCHEMAS, seed: 20261122 });
    let checked = 0;
    const seen = { invalid: 0, repaired: 0 };
    for (const [s, inputs] of rng) {
      const wire = JSON.parse(JSON.stringify({ type: "object", properties: { p: s } })) as { [key: string]: unknown };
      const validate = await compiled(wire);
      const tools: RegisteredTool[] = [{ name: "t", inputSchema: wire, loadValidator: () => validate }];
      // The handler answers the input it got, so a repaired value can be compared.
      const handlers: Record<string, ToolHandler<never>> = { t: (input) => ({ got: input }) };
      const d = createDispatcherFrom<Record<string, never>>(tools, handlers);
      const spec = { tool: "t", role: "input schema" as const, schema: wire, validate, forms: {} };
      const plain = toolStandardSchema({ ...spec, repair: false })["~standard"];
      const repairing = toolStandardSchema(spec)["~standard"];
      for (const value of inputs) {
        const input: unknown = JSON.parse(JSON.stringify({ p: value }));
        const label = `${JSON.stringify(s)} on ${JSON.stringify(input)}`;
        for (const [std, repair] of [[plain, false], [repairing, true]] as const) {
          const result = std.validate(input);
          const block = await d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input }, { repair });
          checked++;
          if (result.issues !== undefined) seen.invalid++;
          else if (result.value !== input) seen.repaired++;
          if (result.issues === undefined) {
            const got = block.is_error === true ? undefined : (JSON.parse(String(block.content)) as { got: unknown }).got;
            if (block.is_error === true) disagreements.push(`${label} (repair ${repair}): validate accepts, dispatch says ${String(block.content)}`);
            else if (JSON.stringify(got) !== JSON.stringify(result.value)) disagreements.push(`${label} (repair ${repair}): the handler got ${JSON.stringify(got)}, validate gave ${JSON.stringify(result.value)}`);
          } else {
            const message = `Error: ${result.issues.map((i) => i.message).join("; ")}`;
            // Dispatch tells the model which repairs it refused ("; not repaired: …", issue 38 item 3); Standard Schema's
            // issues carry the validator's messages only. The verdict and those messages must agree.
            const content = typeof block.content === "string" ? block.content.replace(/; not repaired: [\s\S]*$/, "") : block.content;
            if (block.is_error !== true || content !== message) disagreements.push(`${label} (repair ${repair}): validate says ${message}, dispatch ${JSON.stringify(block)}`);
            const lost = result.issues.filter((i) => !reaches(input, i.path ?? []));
            if (lost.length > 0) disagreements.push(`${label}: issue paths outside the input: ${JSON.stringify(lost)}`);
          }
        }
      }
    }
    expect(checked).toBe(SCHEMAS * INPUTS * 2);
    // The inputs exercise both answers, and repairs.
    expect(seen.invalid).toBeGreaterThan(checked / 10);
    expect(seen.repaired).toBeGreaterThan(0);
    expect(disagreements.slice(0, 5)).toEqual([]);
  }, HEAVY ? 1_800_000 : 120_000);
});
