/**
 * Issue 23, "forgive what models commonly get wrong": dispatch repairs an input the validator
 * rejects where the schema leaves one reading (an array or object sent as JSON text, a number or a
 * boolean sent as a string), never where a string is allowed; the handler gets the typed input, the
 * caller a note. Validators are the generated ones (compiled.ts).
 */
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcherFrom, type DispatcherOptions, type RegisteredTool, type RepairNote, type ValidateFunction } from "../../src/runtime/dispatch.js";
import { repairInput } from "../../src/runtime/repair.js";
import { fixture } from "../helpers.js";
import { compiled } from "./compiled.js";

let schema: RegisteredTool["inputSchema"];
let validate: ValidateFunction;
beforeAll(async () => {
  const tool = JSON.parse(await readFile(fixture("repair", "schemas", "plan_trip.json"), "utf8")) as { input_schema: RegisteredTool["inputSchema"] };
  schema = tool.input_schema;
  validate = await compiled(schema);
});

/** A dispatcher over plan_trip whose handler answers with the input it got (and keeps it). */
function planner(options?: DispatcherOptions) {
  const seen: unknown[] = [];
  const d = createDispatcherFrom<{ plan_trip: unknown }>(
    [{ name: "plan_trip", inputSchema: schema, loadValidator: () => validate }],
    { plan_trip: (input) => { seen.push(input); return { got: input }; } },
    undefined,
    options,
  );
  return { d, seen };
}
const call = (input: unknown, id = "toolu_1") => ({ type: "tool_use" as const, id, name: "plan_trip", input });

describe("repair in dispatch", () => {
  it("reads an array sent as JSON text, and numbers and booleans sent as strings; the handler gets them typed", async () => {
    const notes: RepairNote[] = [];
    const { d, seen } = planner({ onRepair: (n) => notes.push(n) });
    const input = { stops: '[{"city":"Rome","nights":"2"}]', budget: "200000", book: "true", options: { seats: "3" } };
    const sent = JSON.stringify(input);
    const block = await d.dispatch(call(input));
    const typed = { stops: [{ city: "Rome", nights: 2 }], budget: 200000, book: true, options: { seats: 3 } };
    // The model gets the handler's answer, as for any valid call.
    expect(block).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: JSON.stringify({ got: typed }) });
    expect(seen).toEqual([typed]);
    expect(notes).toEqual([{ toolName: "plan_trip", toolUseId: "toolu_1", protocol: "native", repaired: ["/stops", "/stops/0/nights", "/budget", "/book", "/options/seats"] }]);
    expect(JSON.stringify(input)).toBe(sent); // the caller's input is not changed
  });

  it("never touches a valid input: the handler gets the very object, no note", async () => {
    const notes: RepairNote[] = [];
    const { d, seen } = planner({ onRepair: (n) => notes.push(n) });
    const input = { stops: [{ city: "Oslo", nights: 1 }], note: "12" };
    expect((await d.dispatch(call(input))).is_error).toBeUndefined();
    expect(seen[0]).toBe(input);
    expect(notes).toEqual([]);
  });

  it("valid input costs no extra read: the same property reads with repair on and off", async () => {
    const counted = (): [object, () => number] => {
      let reads = 0;
      const target = { stops: [{ city: "Oslo", nights: 1 }], budget: 3 };
      const proxy = new Proxy(target, { get: (t, k, r) => { reads++; return Reflect.get(t, k, r) as unknown; }, ownKeys: (t) => { reads++; return Reflect.ownKeys(t); } });
      return [proxy, () => reads];
    };
    const [on, readsOn] = counted();
    const [off, readsOff] = counted();
    await planner().d.dispatch(call(on));
    await planner().d.dispatch(call(off), { repair: false });
    expect(readsOn()).toBeGreaterThan(0);
    expect(readsOn()).toBe(readsOff());
  });

  it("never repairs where a string is allowed: a string-or-number note that fails maxLength stays an error", async () => {
    const { d, seen } = planner();
    const block = await d.dispatch(call({ stops: [{ city: "Oslo", nights: 1 }], note: "200000" }));
    expect(block.is_error).toBe(true);
    expect(block.content).toMatch(/note/);
    expect(seen).toEqual([]);
  });

  it("answers the model about what it sent when the repair does not validate either", async () => {
    const { d, seen } = planner();
    // nights "0" reads as 0, below the minimum of 1; the budget is right once read.
    const input = { stops: [{ city: "Oslo", nights: "0" }], budget: "5" };
    const repaired = await d.dispatch(call(input));
    const asSent = await d.dispatch(call(input), { repair: false });
    expect(repaired).toEqual(asSent);
    expect(String(repaired.content)).toBe("Error: Parameter 'stops[0].nights' must be an integer; Parameter 'budget' must be an integer");
    expect(seen).toEqual([]);
  });

  it("reads nothing a schema does not ask for: a fraction for an integer, text that is no number, JSON of the wrong kind", async () => {
    expect(repairInput(schema, { stops: [], budget: "1.5" })).toBeUndefined();
    expect(repairInput(schema, { stops: [], budget: "12 euros" })).toBeUndefined();
    expect(repairInput(schema, { stops: [], budget: "[1]" })).toBeUndefined();
    expect(repairInput(schema, { stops: '{"city":"Rome"}' })).toBeUndefined();
    expect(repairInput(schema, { stops: [], book: "yes" })).toBeUndefined();
    // null for the nullable options is a value the schema allows, not a string.
    expect(repairInput(schema, { stops: [], options: "null" })).toBeUndefined();
  });

  it("follows the schema's shape: a nullable object's property, an item through $ref, keys like __proto__", async () => {
    expect(repairInput(schema, { stops: [], options: '{"seats":"2"}' })).toEqual({ value: { stops: [], options: { seats: 2 } }, pointers: ["/options", "/options/seats"] });
    expect(repairInput(schema, { stops: [{ city: "A", nights: "4" }] })?.pointers).toEqual(["/stops/0/nights"]);
    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"number"}}}') as RegisteredTool["inputSchema"];
    const v = await compiled(proto);
    const d = createDispatcherFrom<{ t: unknown }>([{ name: "t", inputSchema: proto, loadValidator: () => v }], { t: (input) => Object.getOwnPropertyDescriptor(input, "__proto__")?.value });
    expect((await d.dispatch({ type: "tool_use", id: "x", name: "t", input: JSON.parse('{"__proto__":"5"}') })).content).toBe("5");
  });

  it("follows a recursive $ref through anyOf, down to a depth of 64 (deeper values are left alone)", () => {
    const tree = { $defs: { n: { anyOf: [{ type: "integer" }, { type: "array", items: { $ref: "#/$defs/n" } }] } }, type: "object", properties: { n: { $ref: "#/$defs/n" } } };
    const nest = (depth: number): unknown => (depth === 0 ? "7" : [nest(depth - 1)]);
    expect(repairInput(tree, { n: nest(3) })).toEqual({ value: { n: [[[7]]] }, pointers: ["/n/0/0/0"] });
    expect(repairInput(tree, { n: nest(63) })?.pointers).toEqual([`/n${"/0".repeat(63)}`]);
    expect(repairInput(tree, { n: nest(64) })).toBeUndefined();
  });

  it("repair: false turns it off, per dispatcher or per call; a call's option wins", async () => {
    const input = { stops: [{ city: "Oslo", nights: "1" }] };
    expect((await planner().d.dispatch(call(input), { repair: false })).is_error).toBe(true);
    const off = planner({ repair: false }).d;
    expect((await off.dispatch(call(input))).is_error).toBe(true);
    expect((await off.dispatch(call(input), { repair: true })).is_error).toBeUndefined();
    const notes: string[] = [];
    const quiet = planner({ onRepair: () => notes.push("dispatcher") }).d;
    await quiet.dispatch(call(input), { onRepair: () => notes.push("call") });
    expect(notes).toEqual(["call"]);
  });

  it("an onRepair that throws does not fail the call", async () => {
    const { d } = planner({ onRepair: () => { throw new Error("logger down"); } });
    expect((await d.dispatch(call({ stops: '[{"city":"Oslo","nights":1}]' }))).is_error).toBeUndefined();
  });

  it("legacy: the XML parameters are converted as before, and nested values then repaired like native ones", async () => {
    const notes: RepairNote[] = [];
    const { d, seen } = planner({ onRepair: (n) => notes.push(n) });
    const conversions = [["plan_trip", { parameters: [["stops", ["array"]], ["budget", ["integer"]]] }]] as const;
    const legacy = createDispatcherFrom<{ plan_trip: unknown }>(
      [{ name: "plan_trip", inputSchema: schema, loadValidator: () => validate }],
      { plan_trip: (input) => { seen.push(input); return "ok"; } },
      conversions,
      { onRepair: (n) => notes.push(n) },
    );
    const xml = '<function_calls>\n<invoke>\n<tool_name>plan_trip</tool_name>\n<parameters>\n<stops>[{"city":"Rome","nights":"3"}]</stops>\n<budget>70</budget>\n</parameters>\n</invoke>\n';
    expect(await legacy.dispatchFunctionCalls(xml)).toContain("<stdout>\nok\n</stdout>");
    expect(seen).toEqual([{ stops: [{ city: "Rome", nights: 3 }], budget: 70 }]);
    expect(notes).toEqual([{ toolName: "plan_trip", toolUseId: "legacy_1", protocol: "legacy", repaired: ["/stops/0/nights"] }]);
    // repair: false keeps today's answer: the nested string is an error.
    expect(await legacy.dispatchFunctionCalls(xml, { repair: false })).toContain("Parameter 'stops[0].nights' must be an integer");
    expect(d.toolNames).toEqual(["plan_trip"]);
  });
});

// Issue 38 item 3: a repair applies only when the repaired value, written back as JSON, is the text
// the model sent, up to whitespace (outside strings), the escapes inside strings and the order of keys.
describe("repair never changes a value", () => {
  const toolSchema = {
    type: "object",
    properties: {
      n: { type: "integer" },
      x: { type: "number" },
      b: { type: "boolean" },
      o: { type: "object", properties: { a: { type: "integer" }, s: { type: "string" } } },
      l: { type: "array", items: { type: "number" } },
    },
  } as unknown as RegisteredTool["inputSchema"];
  let d: ReturnType<typeof createDispatcherFrom<{ t: unknown }>>;
  const seen: unknown[] = [];
  beforeAll(async () => {
    const v = await compiled(toolSchema);
    d = createDispatcherFrom<{ t: unknown }>([{ name: "t", inputSchema: toolSchema, loadValidator: () => v }], { t: (input) => { seen.push(input); return "ok"; } });
  });
  const send = (input: unknown) => d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input });

  it("refuses, with a message, a number the double cannot hold: an integer past 2^53, 1e-400", async () => {
    seen.length = 0;
    const past = await send({ n: "9007199254740993" });
    expect(past.is_error).toBe(true);
    expect(past.content).toBe(
      "Error: Parameter 'n' must be an integer; not repaired: /n: the string \"9007199254740993\" was not read as a number: that would be 9007199254740992, not what the text says",
    );
    const tiny = await send({ x: "1e-400" });
    expect(tiny.is_error).toBe(true);
    expect(tiny.content).toContain("not repaired: /x: the string \"1e-400\" was not read as a number: that would be 0, not what the text says");
    const nested = await send({ o: '{"a": 9007199254740993}' });
    expect(nested.is_error).toBe(true);
    expect(nested.content).toContain("not repaired: /o: the string");
    expect(seen).toEqual([]);
    expect(repairInput(toolSchema, { n: "9007199254740993" })).toBeUndefined();
    // 2^53 itself and a safe integer are what they say.
    expect(repairInput(toolSchema, { n: "9007199254740992" })?.value).toEqual({ n: 9007199254740992 });
  });

  // The milder cases, decided (docs/dispatch.md): another spelling is refused, whitespace around is not.
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown> | undefined]> = [
    ['" 7 " (whitespace around)', { n: " 7 " }, { n: 7 }],
    ['"-5"', { n: "-5" }, { n: -5 }],
    ['"2.5"', { x: "2.5" }, { x: 2.5 }],
    ['"01" (a leading zero)', { n: "01" }, undefined],
    ['"5." (a trailing point)', { x: "5." }, undefined],
    ['"+1" (a plus sign)', { n: "+1" }, undefined],
    ['"1.0"', { n: "1.0" }, undefined],
    ['"1e3"', { x: "1e3" }, undefined],
    ['"-0"', { x: "-0" }, undefined],
    ['"True" (another case)', { b: "True" }, undefined],
    ['"true"', { b: "true" }, { b: true }],
    ['"{"a":1,"a":2}" (a duplicate key)', { o: '{"a":1,"a":2}' }, undefined],
    ['"{ "a" : 1 , "s" : "\\u00e9" }" (whitespace and an escape)', { o: '{ "a" : 1 , "s" : "\\u00e9" }' }, { o: { a: 1, s: "é" } }],
    ['"[1, 2.5, -3]"', { l: "[1, 2.5, -3]" }, { l: [1, 2.5, -3] }],
    ['"[1, 2.50]"', { l: "[1, 2.50]" }, undefined],
    ['"{"s":"1e3","a":2}" (a number-like string stays a string)', { o: '{"s":"1e3","a":2}' }, { o: { s: "1e3", a: 2 } }],
  ];
  for (const [name, input, repaired] of cases) {
    it(`${name}: ${repaired === undefined ? "refused, named in the error" : "repaired"}`, async () => {
      seen.length = 0;
      const block = await send(input);
      if (repaired === undefined) {
        expect(block.is_error).toBe(true);
        expect(String(block.content)).toContain("; not repaired: /");
        expect(seen).toEqual([]);
      } else {
        expect(block.is_error).toBeUndefined();
        expect(seen).toEqual([repaired]);
      }
    });
  }
});
