/**
 * src/runtime/toolset.ts: a toolset's dispatcher on a legacy `<function_calls>` block. A block mixing
 * in-set and out-of-set invokes runs the in-set calls through the folder's dispatcher as usual and
 * answers only the out-of-set ones with the error naming the set, each in its place (as the native
 * path answers each tool_use); FORMATS.md §3's `<function_results>` shape is kept byte for byte.
 * A fixed-seed property: for random blocks (closed, unclosed, cut, malformed invokes), the toolset's
 * answer is the folder dispatcher's answer with exactly the out-of-set entries replaced.
 */
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { parseFunctionCalls, type JsonSchema } from "../../src/runtime/legacy.js";
import { outOfSetMessage, restrictDispatcher } from "../../src/runtime/toolset.js";
import { legacyConversions } from "../../src/targets/anthropic/legacy-view.js";
import { chooser } from "../helpers.js";

const ajv = new Ajv({ allErrors: true, strict: false });
const tool = (name: string, inputSchema: JsonSchema): RegisteredTool => ({ name, inputSchema, loadValidator: () => ajv.compile(inputSchema) });

const schemas: Record<string, JsonSchema> = {
  get_order: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"], additionalProperties: false },
  count: { type: "object", properties: { n: { type: "integer", maximum: 3 } }, required: ["n"] },
  refund: { type: "object", properties: { order_id: { type: "string" }, cents: { type: "integer" } }, required: ["order_id"] },
  delete_user: { type: "object", properties: { user_id: { type: "string" } }, required: ["user_id"] },
};
const registry = Object.entries(schemas).map(([name, schema]) => tool(name, schema));
const calls: string[] = [];
const handlers: Record<string, ToolHandler<never>> = {
  get_order: (input: never) => {
    calls.push("get_order");
    return `order ${(input as { order_id: string }).order_id}: shipped`;
  },
  count: (input: never) => (input as { n: number }).n,
  refund: (input: never) => `refunded ${(input as { cents?: number }).cents ?? 0} on ${(input as { order_id: string }).order_id}`,
  delete_user: () => {
    calls.push("delete_user");
    return "deleted";
  },
};
const folder = createDispatcherFrom<Record<string, never>>(registry, handlers, legacyConversions(registry.map((t) => ({ name: t.name, bundledSchema: t.inputSchema }))));
const support = restrictDispatcher(folder, "support", ["get_order", "count", "refund"]);

describe("a toolset's dispatcher on a legacy block", () => {
  it("runs the in-set call with its handler and answers only the out-of-set call with the error naming the set", async () => {
    calls.length = 0;
    const text =
      "I will look it up.\n<function_calls>\n" +
      "<invoke>\n<tool_name>get_order</tool_name>\n<parameters>\n<order_id>ORD-7</order_id>\n</parameters>\n</invoke>\n" +
      '<invoke name="delete_user">\n<parameter name="user_id">u1</parameter>\n</invoke>\n' +
      "</function_calls>";
    expect(await support.dispatchFunctionCalls(text)).toBe(
      [
        "<function_results>",
        "<result>\n<tool_name>get_order</tool_name>\n<stdout>\norder ORD-7: shipped\n</stdout>\n</result>",
        "<error>\nError: the tool 'delete_user' is not in the toolset 'support' (its tools: get_order, count, refund)\n</error>",
        "</function_results>",
      ].join("\n"),
    );
    // The in-set handler ran; the folder's delete_user, outside the set, never did.
    expect(calls).toEqual(["get_order"]);
  });

  it("keeps each answer in its call's place, converting in-set values as the folder does", async () => {
    const text =
      "<function_calls>" +
      "<invoke><tool_name>delete_user</tool_name><parameters><user_id>u</user_id></parameters></invoke>" +
      "<invoke><tool_name>count</tool_name><parameters><n>2</n></parameters></invoke>" +
      "<invoke><tool_name>count</tool_name><parameters><n>9</n></parameters></invoke>" +
      "<invoke><tool_name>nope</tool_name></invoke>";
    expect(await support.dispatchFunctionCalls(text)).toBe(
      [
        "<function_results>",
        "<error>\nError: the tool 'delete_user' is not in the toolset 'support' (its tools: get_order, count, refund)\n</error>",
        "<result>\n<tool_name>count</tool_name>\n<stdout>\n2\n</stdout>\n</result>",
        "<error>\nError: Parameter 'n' must be at most 3\n</error>",
        "<error>\nError: the tool 'nope' is not in the toolset 'support' (its tools: get_order, count, refund)\n</error>",
        "</function_results>",
      ].join("\n"),
    );
  });

  it("answers a block of in-set calls exactly as the folder's dispatcher does", async () => {
    const text = "<function_calls>\n<invoke>\n<tool_name>refund</tool_name>\n<parameters>\n<order_id>A</order_id>\n<cents>150</cents>\n</parameters>\n</invoke>\n</function_calls>";
    expect(await support.dispatchFunctionCalls(text)).toBe(await folder.dispatchFunctionCalls(text));
    expect(await support.dispatchFunctionCalls("no block here")).toBe("");
  });

  it("property (fixed seed): the folder's answer with exactly the out-of-set entries replaced", async () => {
    const pick = chooser(28_2);
    const names = ["get_order", "count", "refund", "delete_user", "unknown_tool", ""];
    const values = ["ORD-1", "2", "7", "x & <y>", "\nmulti\nline\n", "150"];
    const params = ["order_id", "n", "cents", "user_id"];
    const invoke = (): { text: string } => {
      const name = names[pick(names.length)]!;
      const head = pick(2) === 0 ? `<invoke name="${name}">` : `<invoke>${name === "" ? "" : `<tool_name>${name}</tool_name>`}`;
      let body = pick(3) === 0 ? "" : "<parameters>";
      for (let i = pick(3); i > 0; i--) {
        const p = params[pick(params.length)]!;
        body += pick(2) === 0 ? `<${p}>${values[pick(values.length)]}</${p}>` : `<parameter name="${p}">${values[pick(values.length)]}</parameter>`;
      }
      if (body.startsWith("<parameters>") && pick(4) > 0) body += "</parameters>";
      // Closed, left open (the next invoke or the block's end closes it), or cut inside a value.
      const end = pick(5);
      const tail = end === 0 ? "" : end === 1 ? `<order_id>cut` : "</invoke>";
      return { text: `${head}${body}${tail}\n` };
    };
    const members = ["get_order", "count", "refund"];
    let mixed = 0;
    for (let run = 0; run < 300; run++) {
      const n = 1 + pick(4);
      const block: { text: string }[] = [];
      for (let i = 0; i < n; i++) block.push(invoke());
      const cutAt = block.findIndex((b) => b.text.includes("<order_id>cut"));
      const kept = cutAt < 0 ? block : block.slice(0, cutAt + 1);
      const text = `before\n<function_calls>\n${kept.map((b) => b.text).join("")}${cutAt < 0 && pick(2) === 0 ? "</function_calls>" : ""}`;
      const whole = entries(await folder.dispatchFunctionCalls(text));
      const got = entries(await support.dispatchFunctionCalls(text));
      // The calls as the parser reads them (an invoke left open inside <parameters> swallows the next).
      const read = parseFunctionCalls(text).calls.map((c) => c.name);
      expect(whole).toHaveLength(read.length);
      const expected = whole.map((entry, i) => {
        const name = read[i]!;
        return name !== "" && !members.includes(name) ? `<error>\n${outOfSetMessage(name, "support", members)}\n</error>` : entry;
      });
      expect(got, text).toEqual(expected);
      if (read.some((n) => members.includes(n)) && got.some((e) => e.includes("is not in the toolset"))) mixed++;
    }
    // Blocks where an in-set call was answered by the folder beside a refused one: the case this property is about.
    expect(mixed).toBeGreaterThan(30);
  });
});

/** The entries of a `<function_results>` block (each `<result>` or `<error>` element, verbatim). */
function entries(results: string): string[] {
  expect(results.startsWith("<function_results>\n") && results.endsWith("\n</function_results>")).toBe(true);
  return [...results.slice("<function_results>\n".length, -"\n</function_results>".length).matchAll(/<error>\n[^<]*\n<\/error>|<result>\n<tool_name>[^<]*<\/tool_name>\n<stdout>\n[^<]*\n<\/stdout>\n<\/result>/g)].map((m) => m[0]);
}
