/**
 * The lint engine's schema walk (src/lint/index.ts, src/lint/schema-walk.ts): a rule declares visitors
 * for the node kinds it looks at (`create` returning them), and the engine walks each document once,
 * calling the visitors of every enabled rule; the walk knows no rule. Rules here are not in the
 * catalogue: a registry of its own is all a new rule needs.
 */
import { describe, expect, it } from "vitest";
import { lint } from "../../src/lint/index.js";
import { defineRule, type Rule, type SchemaDocument } from "../../src/lint/rule.js";
import type { SchemaNode } from "../../src/lint/schema-walk.js";
import { bundleTools } from "../../src/load/index.js";
import { memoryFolder } from "./helpers/memory-folder.js";

const tool = (name: string, input_schema: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name, description: `Does ${name}. It is a test tool.`, input_schema, ...extra }, null, 2);

const FILES = {
  "a.json": tool("a", {
    type: "object",
    properties: {
      when: { type: "string", pattern: "^[0-9]+$" },
      where: { $ref: "#/$defs/place" },
      flag: true,
    },
    $defs: { place: { type: "object", properties: { city: { type: "string" } }, patternProperties: { "^x-": {} } } },
  }),
  "b.json": tool("b", { type: "object", properties: { n: { type: "integer" } } }, { strict: true }),
};

async function run(registry: readonly Rule[]) {
  const loaded = await memoryFolder(FILES);
  return lint(loaded, await bundleTools(loaded), { registry, rules: {} });
}

const docName = (doc: SchemaDocument) => doc.tool?.name ?? doc.file.displayPath;

/** A rule that records every call the engine makes to it, and the nodes it is given. */
function recorder(id: string, skip?: (doc: SchemaDocument) => boolean) {
  const calls: string[] = [];
  const nodes: SchemaNode[] = [];
  const rule = defineRule({
    meta: { id, defaultSeverity: "warning", description: "records", messages: { seen: "seen" } },
    create() {
      calls.push("create");
      return {
        document(doc) {
          calls.push(`document ${docName(doc)}`);
          return skip?.(doc) === true ? false : undefined;
        },
        schema(node, doc) {
          nodes.push(node);
          calls.push(`schema ${docName(doc)} ${node.pointer}`);
        },
        property(node, doc) {
          calls.push(`property ${docName(doc)} ${String(node.key)}`);
        },
        pattern(node, doc) {
          calls.push(`pattern ${docName(doc)} ${node.pointer}`);
        },
        documentEnd(doc) {
          calls.push(`documentEnd ${docName(doc)}`);
        },
        end() {
          calls.push("end");
        },
      };
    },
  });
  return { rule, calls, nodes };
}

describe("schema rules as visitors", () => {
  it("calls each visitor kind in walk order (a node before its subschemas, definitions included), between document and documentEnd", async () => {
    const { rule, calls } = recorder("x/recorder");
    await run([rule]);
    expect(calls).toEqual([
      "create",
      "document a",
      "schema a /input_schema",
      "schema a /input_schema/properties/when",
      "property a when",
      "pattern a /input_schema/properties/when",
      "schema a /input_schema/properties/where",
      "property a where",
      "schema a /input_schema/$defs/place",
      "pattern a /input_schema/$defs/place",
      "schema a /input_schema/$defs/place/properties/city",
      "property a city",
      "schema a /input_schema/$defs/place/patternProperties/^x-",
      "documentEnd a",
      "document b",
      "schema b /input_schema",
      "schema b /input_schema/properties/n",
      "property b n",
      "documentEnd b",
      "end",
    ]);
  });

  it("walks each document once for every rule: the rules are given the same nodes", async () => {
    const first = recorder("x/first");
    const second = recorder("x/second");
    await run([first.rule, second.rule]);
    expect(first.nodes.length).toBe(8);
    expect(second.nodes.length).toBe(8);
    for (let i = 0; i < first.nodes.length; i++) expect(second.nodes[i]).toBe(first.nodes[i]);
  });

  it("leaves a rule out of a document its `document` hook declines, and only that rule", async () => {
    const picky = recorder("x/picky", (doc) => doc.tool?.name === "a");
    const all = recorder("x/all");
    await run([picky.rule, all.rule]);
    expect(picky.calls.filter((c) => / a( |$)/.test(c))).toEqual(["document a"]);
    expect(picky.calls).toContain("documentEnd b");
    expect(all.calls).toContain("documentEnd a");
    expect(all.nodes.length).toBe(8);
  });

  it("does not call a rule that is off", async () => {
    const { rule, calls } = recorder("x/off");
    const loaded = await memoryFolder(FILES);
    await lint(loaded, await bundleTools(loaded), { registry: [rule], rules: { "x/off": "off" } });
    expect(calls).toEqual([]);
  });

  it("reports what async hooks find, and the report does not depend on the order the rules are listed in", async () => {
    const reporting = (id: string) =>
      defineRule({
        meta: { id, defaultSeverity: "warning", description: "reports each property", messages: { here: `${id} here` } },
        create(ctx) {
          const found: [SchemaDocument, SchemaNode][] = [];
          return {
            property(node, doc) {
              found.push([doc, node]);
            },
            async end() {
              await new Promise((resolve) => setTimeout(resolve, 1));
              for (const [doc, node] of found) ctx.report({ file: doc.file, tool: doc.tool, pointer: node.pointer, messageId: "here" });
            },
          };
        },
      });
    const toolRule = defineRule({
      meta: { id: "x/tool", defaultSeverity: "warning", description: "reports each tool", messages: { tool: "x/tool here" } },
      check(ctx) {
        for (const t of ctx.tools) ctx.report({ tool: t, pointer: "/input_schema/properties/n", messageId: "tool" });
      },
    });
    const [p, q] = [reporting("x/p"), reporting("x/q")];
    const at = (d: { rule: string; pointer?: string; file: string }) => `${d.file.split("/").pop()} ${d.pointer} ${d.rule}`;
    const forward = (await run([p, toolRule, q])).map(at);
    const backward = (await run([q, toolRule, p])).map(at);
    expect(backward).toEqual(forward);
    expect(forward.filter((s) => s.endsWith("x/p"))).toEqual([
      "a.json /input_schema/properties/when x/p",
      "a.json /input_schema/properties/where x/p",
      "a.json /input_schema/$defs/place/properties/city x/p",
      "b.json /input_schema/properties/n x/p",
    ]);
    expect(forward.filter((s) => s.startsWith("b.json"))).toEqual([
      "b.json /input_schema/properties/n x/p",
      "b.json /input_schema/properties/n x/q",
      "b.json /input_schema/properties/n x/tool",
    ]);
  });
});
