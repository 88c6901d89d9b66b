/**
 * Issue 38 item 12: the Standard Schema `validate` and dispatch give a bounded verdict, the same in
 * both, on values a framework caller can pass and JSON cannot: a cyclic value (whatever keyword
 * would walk it: properties, items, additionalProperties, a recursive $ref, uniqueItems, const,
 * enum, a format), a value 200,000 levels deep, and a sparse array of length 1e7. Before, `validate`
 * threw or answered "could not validate … (RangeError: Maximum call stack size exceeded)", and a
 * sparse array took minutes (one error per hole). Validators are the generated ones (compiled.ts),
 * both kinds: the interpreter (runtime/validate.ts) and ajv's standalone code.
 */
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, MAX_VALUE_DEPTH, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { toolStandardSchema } from "../../src/runtime/standard-schema.js";
import { compiled } from "./compiled.js";

/** CPU milliseconds of this process: the work done, where wall time on a loaded machine is mostly waiting. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function both(schema: Record<string, unknown>, interpret: boolean) {
  const validate = await compiled(schema, { interpret });
  const tools: RegisteredTool[] = [{ name: "t", inputSchema: schema, loadValidator: () => validate }];
  let ran = 0;
  const handler: ToolHandler<never> = () => {
    ran++;
    return "ok";
  };
  const d = createDispatcherFrom<Record<string, never>>(tools, { t: handler });
  const standard = toolStandardSchema({ tool: "t", role: "input schema", schema, validate, forms: { "draft-07": true } });
  return {
    dispatch: async (input: unknown) => d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input }),
    validate: (input: unknown) => standard["~standard"].validate(input),
    ran: () => ran,
  };
}

const cyclicSchemas: Record<string, Record<string, unknown>> = {
  "nested properties": { type: "object", properties: { a: { type: "object", properties: { b: { type: "object", properties: { a: { type: "object" } } } } } } },
  items: { type: "object", properties: { a: { type: "array", items: { type: "array", items: { type: "array", items: {} } } } } },
  additionalProperties: { $defs: { o: { type: "object", additionalProperties: { $ref: "#/$defs/o" } } }, $ref: "#/$defs/o" },
  "$ref recursion": { type: "object", $defs: { n: { type: "object", properties: { a: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" },
  uniqueItems: { type: "object", properties: { a: { type: "array", uniqueItems: true } } },
  const: { type: "object", properties: { a: { const: { a: {} } } } },
  enum: { type: "object", properties: { a: { enum: [{ a: {} }, 1] } } },
  format: { $defs: { o: { type: "object", properties: { s: { type: "string", format: "email" } }, additionalProperties: { $ref: "#/$defs/o" } } }, $ref: "#/$defs/o" },
};

function cyclic(): unknown {
  const o: { a?: unknown; [k: string]: unknown } = {};
  const arr: unknown[] = [];
  arr.push(arr, o);
  o.a = { a: o, b: o, x: arr };
  o.list = arr;
  return o;
}

for (const interpret of [true, false]) {
  describe(`${interpret ? "the interpreter" : "ajv's standalone code"}: bounded verdicts`, () => {
    for (const [name, schema] of Object.entries(cyclicSchemas)) {
      it(`a cyclic value under ${name}: "is cyclic" with its path, in validate and in dispatch`, async () => {
        const t = await both(schema, interpret);
        const r = t.validate(cyclic());
        expect(r.issues).toEqual([{ message: "the input of tool 't' is not JSON: the value at /a/a is cyclic: it is the input again, and a cyclic value is not JSON", path: ["a", "a"] }]);
        const block = await t.dispatch(cyclic());
        expect(block.is_error).toBe(true);
        expect(block.content).toBe("Error: the input of tool 't' is not JSON: the value at /a/a is cyclic: it is the input again, and a cyclic value is not JSON");
        // An array holding itself, below the root.
        const arr: unknown[] = [1];
        arr.push(arr);
        const r2 = t.validate({ a: arr });
        expect(r2.issues?.[0]?.message).toBe("the input of tool 't' is not JSON: the value at /a/1 is cyclic: it is the value at /a again, and a cyclic value is not JSON");
        expect(r2.issues?.[0]?.path).toEqual(["a", 1]);
        expect(t.ran()).toBe(0);
      });
    }

    it("a shared (not cyclic) object is JSON: validated as usual", async () => {
      const t = await both(cyclicSchemas["nested properties"]!, interpret);
      const shared = { b: { a: {} } };
      expect(t.validate({ a: shared, c: shared }).issues).toBeUndefined();
      expect((await t.dispatch({ a: shared, c: shared })).content).toBe("ok");
    });

    it("a value 200,000 levels deep: a depth bound with a message, never a RangeError, in bounded CPU time", async () => {
      const t = await both({ type: "object", $defs: { n: { type: "object", properties: { a: { $ref: "#/$defs/n" } } } }, $ref: "#/$defs/n" }, interpret);
      let deep: unknown = {};
      for (let i = 0; i < 200_000; i++) deep = { a: deep };
      const started = cpu();
      const r = t.validate(deep);
      const block = await t.dispatch(deep);
      expect(cpu() - started).toBeLessThan(500);
      const at = "/a".repeat(MAX_VALUE_DEPTH);
      expect(r.issues).toHaveLength(1);
      expect(r.issues?.[0]?.message).toBe(`the input of tool 't' is not JSON: the value at ${at.slice(0, 77)}... is nested deeper than 128 levels, the most toolgen validates`);
      expect(r.issues?.[0]?.path).toEqual(Array(MAX_VALUE_DEPTH).fill("a"));
      expect(block.content).toBe(`Error: the input of tool 't' is not JSON: the value at ${at.slice(0, 77)}... is nested deeper than 128 levels, the most toolgen validates`);
      expect(String(block.content)).not.toMatch(/RangeError|could not validate/);
      // A deep array too, and a value just inside the bound is validated as usual.
      let arr: unknown = [];
      for (let i = 0; i < 200_000; i++) arr = [arr];
      expect((await t.dispatch({ a: { b: arr } })).content).toMatch(/^Error: the input of tool 't' is not JSON: the value at \/a\/b\/0\/0.* is nested deeper than 128 levels/);
      let ok: unknown = {};
      for (let i = 1; i < MAX_VALUE_DEPTH; i++) ok = { a: ok };
      expect(t.validate(ok).issues).toBeUndefined();
      expect((await t.dispatch(ok)).content).toBe("ok");
      expect(t.ran()).toBe(1);
    });

    it("a sparse array of length 1e7: refused at its first hole in time linear in its items, in validate and dispatch", async () => {
      const t = await both({ type: "object", properties: { a: { type: "array", items: { type: "integer" } } } }, interpret);
      const sparse: unknown[] = [];
      sparse.length = 1e7;
      sparse[5] = 1;
      const tail: unknown[] = [1, 2, 3];
      tail.length = 1e7;
      const started = cpu();
      const r = t.validate({ a: sparse });
      const block = await t.dispatch({ a: sparse });
      const r2 = t.validate({ a: tail });
      expect(cpu() - started).toBeLessThan(200);
      expect(r.issues).toEqual([{ message: "the input of tool 't' is not JSON: the array at /a is sparse: it has no item 0 of its 10000000, and a hole is not JSON", path: ["a"] }]);
      expect(block.content).toBe("Error: the input of tool 't' is not JSON: the array at /a is sparse: it has no item 0 of its 10000000, and a hole is not JSON");
      expect(r2.issues?.[0]?.message).toBe("the input of tool 't' is not JSON: the array at /a is sparse: it has no item 3 of its 10000000, and a hole is not JSON");
      // An array whose holes were filled (with undefined) is not sparse: the validator's own verdict.
      expect(t.validate({ a: [1, undefined] }).issues?.[0]?.message).toBe("Parameter 'a[1]' must be an integer");
      expect(t.ran()).toBe(0);
    });
  });
}

describe("the output schema's validate words the output", () => {
  it("a cyclic output: 'the output of tool'", async () => {
    const schema = { type: "object" };
    const validate = await compiled(schema);
    const s = toolStandardSchema({ tool: "t", role: "output schema", schema, validate, forms: {} });
    const o: Record<string, unknown> = {};
    o["self"] = o;
    expect(s["~standard"].validate(o).issues).toEqual([{ message: "the output of tool 't' is not JSON: the value at /self is cyclic: it is the output again, and a cyclic value is not JSON", path: ["self"] }]);
  });
});
