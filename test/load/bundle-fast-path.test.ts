/**
 * bundleTool shares the input schema of a tool that is its own bundle (no `$ref`, or only local ones
 * that resolve), found by walking the parsed data (no guess from the text: issue 9 removed
 * `isOwnBundle`). These cases check that the shortcut gives what the full copy gives, whatever
 * escapes the text uses.
 */
import { describe, expect, it } from "vitest";
import { bundleTools } from "../../src/load/index.js";
import { memoryFolder } from "../lint/helpers/memory-folder.js";

const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: "t", description: "d", input_schema: inputSchema, ...extra }, null, 2);

async function bundle(files: Record<string, string>) {
  const loaded = await memoryFolder(files);
  const result = await bundleTools(loaded);
  return { loaded, ...result };
}

describe("bundleTools' shortcut for tools that are their own bundle", () => {
  it("shares the input schema of a tool whose local references all resolve", async () => {
    const schema = { type: "object", properties: { a: { $ref: "#/$defs/a" }, b: { $ref: "#" } }, $defs: { a: { type: "string" } } };
    const { loaded, tools, problems } = await bundle({ "t.json": tool(schema) });
    expect(problems).toEqual([]);
    expect(tools[0]?.bundledSchema).toBe(loaded.tools[0]?.inputSchema);
  });

  it("still reports a local reference that does not resolve, at its pointer", async () => {
    const schema = { type: "object", properties: { a: { $ref: "#/$defs/missing" } } };
    const { tools, problems } = await bundle({ "t.json": tool(schema) });
    expect(tools).toEqual([]);
    expect(problems).toMatchObject([{ kind: "unresolved", pointer: "/input_schema/properties/a/$ref" }]);
  });

  it("ignores a `$ref` member inside data (enum, default) that resolves nowhere, as the bundler does", async () => {
    const schema = { type: "object", properties: { a: { enum: [{ $ref: "#/nowhere" }], default: { $ref: "x.json" } } } };
    const { tools, problems } = await bundle({ "t.json": tool(schema) });
    expect(problems).toEqual([]);
    expect(tools).toHaveLength(1);
  });

  it("reports a reference written with an escaped key (no shortcut when the text has a backslash)", async () => {
    const text = '{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {"a": {"\\u0024ref": "#/nope"}}}}';
    const { problems } = await bundle({ "t.json": text });
    expect(problems).toMatchObject([{ kind: "unresolved", pointer: "/input_schema/properties/a/$ref" }]);
  });

  it("copies a reference to another file into $defs (no shortcut)", async () => {
    const schema = { type: "object", properties: { a: { $ref: "common.json#/$defs/a" } } };
    const common = JSON.stringify({ $defs: { a: { type: "string" } } });
    const { loaded, tools, problems } = await bundle({ "t.json": tool(schema), "common.json": common });
    expect(problems).toEqual([]);
    expect(tools[0]?.bundledSchema).not.toBe(loaded.tools[0]?.inputSchema);
    expect(tools[0]?.bundledSchema).toMatchObject({ properties: { a: { $ref: "#/$defs/common_a" } }, $defs: { common_a: { type: "string" } } });
  });

  it("resolves YAML through the full bundler", async () => {
    const { tools, problems } = await bundle({
      "t.yaml": "name: t\ndescription: d\ninput_schema:\n  type: object\n  properties:\n    a:\n      $ref: '#/$defs/a'\n  $defs:\n    a:\n      type: string\n",
    });
    expect(problems).toEqual([]);
    expect(tools).toHaveLength(1);
  });
});

describe("bundleTools' shortcut, escapes", () => {
  it("decodes escapes in a reference's value and resolves it", async () => {
    const text = '{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {"a": {"$ref": "#\\/$defs\\/a"}}, "$defs": {"a": {"type": "string", "pattern": "^\\\\d+$"}}}}';
    const { tools, problems } = await bundle({ "t.json": text });
    expect(problems).toEqual([]);
    expect(tools).toHaveLength(1);
  });

  it("reports a reference in a file with escaped quotes (no shortcut)", async () => {
    const text = '{"name": "t", "description": "say \\"hi\\"", "input_schema": {"type": "object", "properties": {"a": {"$ref": "#/nope"}}}}';
    const { problems } = await bundle({ "t.json": text });
    expect(problems).toMatchObject([{ kind: "unresolved", pointer: "/input_schema/properties/a/$ref" }]);
  });

  it("reports a YAML reference written with an escaped key", async () => {
    const text = 'name: t\ndescription: d\ninput_schema:\n  type: object\n  properties:\n    a:\n      "\\x24ref": "#/nope"\n';
    const { problems } = await bundle({ "t.yaml": text });
    expect(problems).toMatchObject([{ kind: "unresolved", pointer: "/input_schema/properties/a/$ref" }]);
  });
});
