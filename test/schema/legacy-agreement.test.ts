/**
 * Issue 9 (one schema module) and 11.7/11.8: the legacy prompt's `<type>` and the legacy parser's
 * conversion agree for every parameter, because one decision (src/schema/parameter.ts) makes both.
 * Held over every parameter of the fixture sets and the seed tools, plus the shapes that used to
 * disagree: for each parameter, every candidate value that Ajv accepts, written as the model writes
 * it, is read back as that value; and the `<type>` is the first non-null type the parser converts to.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { legacyConversions, legacyParameters, legacyPromptView } from "../../src/targets/anthropic/legacy-view.js";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { joinPointer } from "../../src/schema/pointer.js";
import { typeNameOf } from "../../src/schema/parameter.js";
import { parseFunctionCalls, renderFunctionCalls } from "../../src/runtime/legacy.js";
import { fixture, repoRoot } from "../helpers.js";

interface Tool {
  name: string;
  bundledSchema: unknown;
}

/** The shapes issue 9's table and issue 11 name, one parameter each. */
const SHAPES: Record<string, unknown> = {
  allOfInteger: { allOf: [{ type: "integer" }] },
  typeless: { required: ["a"], properties: { a: { type: "string", description: "The a." }, b: { type: "integer" } } },
  prefix: { prefixItems: [{ type: "string" }, { type: "integer" }] },
  nullableEnum: { anyOf: [{ enum: ["asc", "desc"] }, { type: "null" }] },
  untyped: { description: "Anything." },
  empty: {},
  allOfObject: { allOf: [{ type: "object", properties: { x: { type: "number", description: "The x." } }, required: ["x"] }] },
  refSiblings: { $ref: "#/$defs/n", description: "A count." },
  nullableBounded: { anyOf: [{ type: "integer", minimum: 1, maximum: 100 }, { type: "null" }] },
  stringOrArray: { type: ["string", "array"], items: { type: "string" } },
  constOnly: { const: 7 },
  refChain: { anyOf: [{ $ref: "#/$defs/a" }, { $ref: "#/$defs/a" }] },
};

const SHAPE_TOOL: Tool = {
  name: "shapes",
  bundledSchema: {
    type: "object",
    properties: SHAPES,
    $defs: { n: { type: "integer" }, a: { anyOf: [{ $ref: "#/$defs/b" }, { $ref: "#/$defs/b" }] }, b: { type: "boolean" } },
  },
};

async function fixtureTools(): Promise<Tool[]> {
  const folders = [path.join(repoRoot, "schemas")];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (!statSync(full).isDirectory()) continue;
      if (entry === "schemas") folders.push(full);
      else if (entry !== "expected") walk(full);
    }
  };
  walk(fixture());
  const tools: Tool[] = [];
  for (const folder of folders) {
    const loaded = await loadFolder(folder);
    const { tools: bundled } = await bundleTools(loaded);
    tools.push(...bundled.map((t) => ({ name: t.name, bundledSchema: t.bundledSchema })));
  }
  return tools;
}

/** Values of every JSON type; none of the strings reads as another type. */
const CANDIDATES: unknown[] = ["plain text", "", 3, -2.5, 0, true, false, null, [], ["a"], [1, "b"], {}, { x: 1 }, { a: "s" }];

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function candidatesFor(schema: unknown): unknown[] {
  const extra: unknown[] = [];
  if (schema !== null && typeof schema === "object" && !Array.isArray(schema)) {
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.enum)) extra.push(...s.enum);
    if ("const" in s) extra.push(s.const);
    if ("default" in s) extra.push(s.default);
    if (Array.isArray(s.examples)) extra.push(...s.examples);
  }
  return [...CANDIDATES, ...extra];
}

function checkTool(tool: Tool, counts: { params: number; accepted: number }): void {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  if (!ajv.validateSchema(tool.bundledSchema as object)) return; // bad-input fixtures: the build refuses them
  ajv.addSchema(tool.bundledSchema as object, "root");
  const conversions = legacyConversions([tool]);
  const [view] = legacyPromptView([{ name: tool.name, description: "", bundledSchema: tool.bundledSchema } as never]).tools;
  const { parameters } = legacyParameters(tool);
  expect(view?.parameters.map((p) => p.name)).toEqual(parameters.map((p) => p.name));
  parameters.forEach((param, i) => {
    counts.params++;
    const shown = view?.parameters[i];
    // The prompt's <type> is the decision's first non-null type ("any" for any JSON value).
    expect(shown?.type, `${tool.name}.${param.name}`).toBe(typeNameOf(param.conversion));
    if (param.conversion.includes("any")) expect(shown?.description).toContain("Any JSON value");
    const validate = ajv.compile({ $ref: `root#${encodeURI(joinPointer("/properties", param.name))}` });
    const schema = (tool.bundledSchema as { properties: Record<string, unknown> }).properties[param.name];
    for (const value of candidatesFor(schema)) {
      if (!validate(value)) continue;
      counts.accepted++;
      const kind = jsonType(value);
      // The announced types cover every value the schema allows. (Without `type`, `enum` or `const`,
      // `properties` or `items` say the value is an object or an array: a reading of intent, as the
      // native types read it, although JSON Schema lets other types through.)
      const announced = param.conversion.includes("any") || param.conversion.includes(kind as never) || (kind === "integer" && param.conversion.includes("number"));
      if (!announced && (param.flat.kinds === undefined || param.flat.hinted)) continue;
      expect(announced, `${tool.name}.${param.name}: ${JSON.stringify(value)} allowed but ${param.conversion.join("|")} announced`).toBe(true);
      // Written as the model writes it, the value is read back as itself.
      const text = renderFunctionCalls([{ name: tool.name, input: { [param.name]: value } }]);
      const [call] = parseFunctionCalls(text, conversions).calls;
      expect(call?.error, `${tool.name}.${param.name}: ${JSON.stringify(value)}`).toBeUndefined();
      expect(call?.input[param.name], `${tool.name}.${param.name}: ${JSON.stringify(value)}`).toStrictEqual(value);
    }
  });
}

describe("the legacy prompt's <type> and parseFunctionCalls agree", () => {
  it("for every parameter of the fixture sets and the seed tools", async () => {
    const tools = await fixtureTools();
    expect(tools.length).toBeGreaterThan(10);
    const counts = { params: 0, accepted: 0 };
    for (const tool of tools) checkTool(tool, counts);
    expect(counts.params).toBeGreaterThan(30);
    expect(counts.accepted).toBeGreaterThan(counts.params);
  });

  it("for allOf, type-less objects, prefixItems, nullable enums, untyped parameters and $ref chains", () => {
    const counts = { params: 0, accepted: 0 };
    checkTool(SHAPE_TOOL, counts);
    expect(counts.params).toBe(Object.keys(SHAPES).length);
    const types = Object.fromEntries(legacyPromptView([{ ...SHAPE_TOOL, description: "" } as never]).tools[0]!.parameters.map((p) => [p.name, p.type]));
    expect(types).toEqual({
      allOfInteger: "integer",
      typeless: "object",
      prefix: "array",
      nullableEnum: "string",
      untyped: "any",
      empty: "any",
      allOfObject: "object",
      refSiblings: "integer",
      nullableBounded: "integer",
      stringOrArray: "string",
      constOnly: "integer",
      refChain: "boolean",
    });
  });
});

describe("issue 11.7: an untyped parameter", () => {
  const conversions = legacyConversions([SHAPE_TOOL]);
  const parse = (value: string) =>
    parseFunctionCalls(`<function_calls><invoke><tool_name>shapes</tool_name><parameters><untyped>${value}</untyped></parameters></invoke>`, conversions).calls[0];

  it("is announced as any JSON value", () => {
    const p = legacyPromptView([{ ...SHAPE_TOOL, description: "" } as never]).tools[0]!.parameters.find((x) => x.name === "untyped")!;
    expect(p.type).toBe("any");
    expect(p.description).toBe(
      "Anything. Optional. Any JSON value: write numbers, true, false, null, arrays and objects as JSON; other text is read as a string.",
    );
  });

  it("is converted as JSON when the text is JSON, else kept as a string", () => {
    expect(parse('["a","b"]')).toStrictEqual({ name: "shapes", input: { untyped: ["a", "b"] } });
    expect(parse('{"k": 1}')?.input).toStrictEqual({ untyped: { k: 1 } });
    expect(parse("42")?.input).toStrictEqual({ untyped: 42 });
    expect(parse("null")?.input).toStrictEqual({ untyped: null });
    expect(parse("hello world")?.input).toStrictEqual({ untyped: "hello world" });
    expect(parse("[not json")?.input).toStrictEqual({ untyped: "[not json" });
  });
});

describe("issue 11.8: the prompt states what the schema says", () => {
  const describeOf = (schema: unknown, name = "p") =>
    legacyPromptView([{ name: "t", description: "", bundledSchema: { type: "object", properties: { [name]: schema } } } as never]).tools[0]!.parameters[0]!;

  it("a nullable enum lists its allowed values", () => {
    expect(describeOf({ anyOf: [{ enum: ["asc", "desc"] }, { type: "null" }], description: "Sort order" }).description).toBe(
      'Sort order. Optional. Allowed values: "asc", "desc", null.',
    );
  });

  it("an allOf-wrapped object gets its type and shape", () => {
    const p = describeOf({ allOf: [{ type: "object", properties: { city: { type: "string" } }, required: ["city"] }] });
    expect(p.type).toBe("object");
    expect(p.description).toBe('Optional. Write the value as JSON shaped like {"city": string}.');
  });

  it("keeps the descriptions of nested properties, in any language", () => {
    const p = describeOf({
      type: "object",
      properties: {
        地址: { type: "string", description: "收件地址。" },
        items: { type: "array", items: { type: "object", properties: { sku: { type: "string", description: "The SKU" } } } },
      },
    });
    expect(p.description).toBe(
      'Optional. Write the value as JSON shaped like {"地址"?: string, "items"?: [{"sku"?: string}, ...]}. Fields: "地址": 收件地址; "items[].sku": The SKU.',
    );
  });

  it("shows a recursive reference once, as (recursive)", () => {
    const p = legacyPromptView([{
      name: "t",
      description: "",
      bundledSchema: {
        type: "object",
        properties: { tree: { $ref: "#/$defs/node" } },
        $defs: { node: { type: "object", properties: { name: { type: "string", description: "Its name" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
      },
    } as never]).tools[0]!.parameters[0]!;
    expect(p.description).toBe(
      'Optional. Write the value as JSON shaped like {"name"?: string, "children"?: [(recursive), ...]}. Fields: "name": Its name.',
    );
  });

  it("states bounds, pattern and format", () => {
    expect(describeOf({ type: "integer", minimum: 1, maximum: 100 }).description).toBe("Optional. Must be at least 1, at most 100.");
    expect(describeOf({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }).description).toBe("Optional. Must be greater than 0, less than 1.");
    expect(describeOf({ type: "string", minLength: 2, maxLength: 8, pattern: "^[a-z]+$" }).description).toBe(
      "Optional. Length in characters: at least 2, at most 8. Must match the regular expression /^[a-z]+$/.",
    );
    expect(describeOf({ type: "string", format: "date-time" }).description).toBe("Optional. Format: date-time.");
    expect(describeOf({ type: "array", items: { type: "string" }, minItems: 1, maxItems: 5, uniqueItems: true }).description).toBe(
      "Optional. Number of items: at least 1, at most 5. Items must be unique. Write the value as JSON shaped like [string, ...].",
    );
    expect(describeOf({ anyOf: [{ type: "integer", maximum: 100 }, { type: "null" }] }).description).toBe("Optional. May be null. Must be at most 100.");
  });
});
