/**
 * Issue 24 N8: a `$dynamicRef` (or 2019-09's `$recursiveRef`) that comes back to the same value with
 * no property or item in between. ajv with `allErrors` (what the generated validators use) goes on
 * after a failed keyword and overflows the stack, where ajv without it stops at the failure and may
 * accept: dispatch answered is_error to inputs ajv accepts. The build now refuses the shape, as it
 * does a cycle of `$ref`s; every other dynamic reference builds a validator that never throws.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { findInPlaceCycle } from "../../src/schema/refs.js";
import { createDispatcherFrom, type RegisteredTool } from "../../src/runtime/dispatch.js";
import { compiled } from "../runtime/compiled.js";
import { mulberry32 } from "../helpers.js";
import { projectWith, toolgen } from "./cli-run.js";

const require = createRequire(import.meta.url);
const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");

const D2020 = "https://json-schema.org/draft/2020-12/schema";
/** The audit's shape: a definition that, on a value with a property, fails one branch and calls itself again. */
const SHAPE = {
  $schema: D2020,
  type: "object",
  properties: { p: { $ref: "#/$defs/t", description: "A p." } },
  $defs: { t: { oneOf: [{ allOf: [{ propertyNames: false }, { $dynamicRef: "#meta" }] }, { type: "object" }] } },
};
const ACCEPTED = { p: { b: {} } };

describe("the ajv defect the build works around", () => {
  // If this fails, ajv no longer overflows: the check in findInPlaceCycle may go (see the report upstream).
  it("ajv 2020 with allErrors overflows the stack on an input ajv without allErrors accepts", () => {
    const { $schema: _s, ...schema } = SHAPE;
    const lenient = new Ajv2020({ strict: false, logger: false, allErrors: false }).compile(schema);
    const all = new Ajv2020({ strict: false, logger: false, allErrors: true }).compile(schema);
    expect(lenient(ACCEPTED)).toBe(true);
    expect(() => all(ACCEPTED)).toThrow(RangeError);
  });
});

describe("toolgen build refuses a dynamic reference that comes back to the same value", () => {
  const tool = (inputSchema: unknown) => JSON.stringify({ name: "t", description: "Does a thing. Use it for things. Returns a result.", input_schema: inputSchema }, null, 2);
  it.each([
    ["through a $ref's target (the audit's shape)", SHAPE, "/input_schema/$defs/t/oneOf/0/allOf/1/$dynamicRef"],
    [
      "to the root's $dynamicAnchor, no $ref at all",
      { $schema: D2020, type: "object", $dynamicAnchor: "meta", properties: { a: { type: "string", description: "An a." } }, anyOf: [{ allOf: [{ required: ["a"] }, { $dynamicRef: "#meta" }] }, { required: [] }] },
      "/input_schema/anyOf/0/allOf/1/$dynamicRef",
    ],
    [
      "2019-09's $recursiveRef",
      { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object", $recursiveAnchor: true, properties: { a: { type: "string", description: "An a." } }, anyOf: [{ allOf: [{ required: ["a"] }, { $recursiveRef: "#" }] }, { required: [] }] },
      "/input_schema/anyOf/0/allOf/1/$recursiveRef",
    ],
  ])("%s: exit 1, located, nothing written", async (_name, schema, pointer) => {
    const dir = await projectWith({ "schemas/t.json": tool(schema) });
    const run = toolgen(dir, "build", "--no-lint");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/t\.json:\d+:\d+: error ref-resolvable: the references .* may come back to the same value with no property or item in between/m);
    expect(run.stderr).toContain(`[tool 't', #${pointer}]`);
    expect(run.stdout).toBe("");
  });

  it("a dynamic reference that goes through a property builds (a recursive tree)", async () => {
    const tree = {
      $schema: D2020,
      type: "object",
      $dynamicAnchor: "node",
      properties: { name: { type: "string", description: "A name." }, children: { type: "array", description: "Its children.", items: { $dynamicRef: "#node" } } },
    };
    const dir = await projectWith({ "schemas/t.json": tool(tree) });
    const run = toolgen(dir, "build", "--no-lint");
    expect(run.code, run.stderr).toBe(0);
  });
});

/** A random 2020-12 subschema, rich in references and keywords that apply to the same value. */
function randomSchema(rand: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  if (depth <= 0 || rand() < 0.2) return pick([true, false, {}, { type: "string" }, { type: "object" }, { required: ["a"] }, { propertyNames: false }, { $dynamicRef: "#meta" }, { $ref: "#/$defs/x" }]);
  const s: Record<string, unknown> = {};
  for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
    const sub = () => randomSchema(rand, depth - 1);
    switch (pick(["allOf", "anyOf", "oneOf", "not", "if", "props", "items", "uP", "ref", "dyn", "type", "required"] as const)) {
      case "allOf": case "anyOf": case "oneOf": s[pick(["allOf", "anyOf", "oneOf"])] = [sub(), sub()]; break;
      case "not": s["not"] = sub(); break;
      case "if": s["if"] = sub(); s["then"] = sub(); s["else"] = sub(); break;
      case "props": s["properties"] = { a: sub(), b: sub() }; break;
      case "items": s["items"] = sub(); break;
      case "uP": s["unevaluatedProperties"] = sub(); break;
      case "ref": s["$ref"] = pick(["#/$defs/x", "#"]); break;
      case "dyn": s["$dynamicRef"] = "#meta"; break;
      case "type": s["type"] = pick(["object", "array", "string"]); break;
      case "required": s["required"] = [pick(["a", "b"])]; break;
    }
  }
  return s;
}

function randomValue(rand: () => number, depth: number): unknown {
  const r = rand();
  if (depth <= 0 || r < 0.3) return [1, "x", null, true][Math.floor(rand() * 4)];
  if (r < 0.7) return Object.fromEntries(["a", "b", "c"].filter(() => rand() < 0.5).map((k) => [k, randomValue(rand, depth - 1)]));
  return Array.from({ length: Math.floor(rand() * 3) }, () => randomValue(rand, depth - 1));
}

describe("every schema the build lets through gets a validator that answers", () => {
  it("200 random 2020-12 schemas with $dynamicRef and $ref x 30 inputs: refused, or never 'could not validate'", async () => {
    const rand = mulberry32(2024_11_26);
    let refused = 0;
    let checked = 0;
    const failures: string[] = [];
    for (let i = 0; i < 200; i++) {
      const schema: Record<string, unknown> = { $schema: D2020, type: "object", properties: { p: randomSchema(rand, 3) }, $defs: { x: randomSchema(rand, 2) } };
      if (rand() < 0.5) schema["$dynamicAnchor"] = "meta";
      if (findInPlaceCycle(schema) !== undefined) {
        refused++;
        continue;
      }
      let validate;
      try {
        validate = await compiled(schema);
      } catch (e) {
        // A build stops there, with ajv's reason (e.g. `$ref: "#"` beside a root $dynamicAnchor): not dispatch's concern.
        expect(String(e)).toMatch(/^SchemaCompileError: Ajv cannot compile this schema/);
        continue;
      }
      const tools: RegisteredTool[] = [{ name: "t", inputSchema: schema as RegisteredTool["inputSchema"], loadValidator: () => validate }];
      const d = createDispatcherFrom<Record<string, never>>(tools, { t: () => "ok" });
      for (let j = 0; j < 30; j++) {
        const input = { p: randomValue(rand, 3) };
        const result = await d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input }, { repair: false });
        checked++;
        const text = JSON.stringify(result.content);
        if (text.includes("could not validate")) failures.push(`${JSON.stringify(schema)} on ${JSON.stringify(input)}: ${text}`);
      }
    }
    expect(failures.slice(0, 3)).toEqual([]);
    // Both sides were exercised: the shape is common in these schemas, and most build.
    expect(refused).toBeGreaterThan(10);
    expect(checked).toBeGreaterThan(50 * 30);
  });
});
