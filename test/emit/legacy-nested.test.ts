/**
 * Issue 23.4: the legacy prompt stated bounds, lengths, pattern and format only for top-level
 * parameters (90 of 1,084 real tools had them deeper); nested fields and array items were silent,
 * though validation enforces them. And a tool whose root is a bare `anyOf` (parameter sets) got no
 * parameter list at all. Built as users build, the prompt read back from legacy-prompt.txt.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { LEGACY_DESCRIPTION_BUDGET } from "../../src/targets/anthropic/legacy-view.js";
import { tempDir } from "../helpers.js";

async function promptOf(tools: Record<string, unknown>[]): Promise<string> {
  const dir = await tempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  for (const t of tools) await writeFile(path.join(schemas, `${String(t.name)}.json`), JSON.stringify(t, null, 2));
  await build({ schemas, out: path.join(dir, "out"), handlers: path.join(dir, "handlers"), lint: false });
  return readFile(path.join(dir, "out", "legacy-prompt.txt"), "utf8");
}

/** The `<description>` of parameter `name`. */
function parameter(prompt: string, name: string): string {
  const m = new RegExp(`<name>${name}</name>\\n<type>[a-z]+</type>\\n<description>([^<]*)</description>`).exec(prompt);
  if (!m) throw new Error(`no parameter ${name} in:\n${prompt}`);
  return m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

const PLAN_TRIP = {
  name: "plan_trip",
  description: "Plans a trip.",
  input_schema: {
    type: "object",
    properties: {
      stops: {
        type: "array",
        description: "The stops",
        maxItems: 10,
        items: {
          type: "object",
          properties: {
            city: { type: "string", description: "The city.", minLength: 1, maxLength: 40 },
            nights: { type: "integer", minimum: 1, maximum: 30 },
            arrive: { type: "string", format: "date", description: "Arrival day." },
            zip: { type: "string", pattern: "^\\d{5}$" },
          },
          required: ["city"],
        },
      },
      tags: { type: "array", description: "Labels.", items: { type: "string", maxLength: 20 }, uniqueItems: true },
      labels: { type: "object", description: "Extra labels.", additionalProperties: { type: "string", format: "email" } },
    },
    required: ["stops"],
  },
};

describe("the legacy prompt states nested constraints", () => {
  it("for fields of array items, array items and map values", async () => {
    const prompt = await promptOf([PLAN_TRIP]);
    expect(parameter(prompt, "stops")).toBe(
      'The stops. Required. Number of items: at most 10. Write the value as JSON shaped like [{"city": string, "nights"?: integer, "arrive"?: string, "zip"?: string}, ...]. ' +
        'Fields: "[].city": The city (length in characters: at least 1, at most 40); "[].nights": at least 1, at most 30; "[].arrive": Arrival day (format: date); "[].zip": matches /^\\d{5}$/.',
    );
    expect(parameter(prompt, "tags")).toBe(
      'Labels. Optional. Items must be unique. Write the value as JSON shaped like [string, ...]. Fields: "[]": length in characters: at most 20.',
    );
    expect(parameter(prompt, "labels")).toBe('Extra labels. Optional. Write the value as JSON shaped like {[key: string]: string}. Fields: ".*": format: email.');
  });

  it("within the description budget: the last fields' limits give way, the descriptions stay", async () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 30; i++) properties[`field_${i}`] = { type: "string", description: `Field ${i}.`, pattern: `^[a-z]{${i + 1}}-[0-9]+$` };
    const prompt = await promptOf([{ name: "wide", description: "Takes many fields.", input_schema: { type: "object", properties: { record: { type: "object", description: "The record.", properties } } } }]);
    const text = parameter(prompt, "record");
    expect(text.length).toBeLessThanOrEqual(LEGACY_DESCRIPTION_BUDGET);
    expect(text).toContain('"field_0": Field 0 (matches /^[a-z]{1}-[0-9]+$/)');
    expect(text).toContain('"field_29": Field 29.');
    expect(text.endsWith("Some fields have limits not listed here; the tool checks them.")).toBe(true);
  });
});

describe("a root anyOf of parameter sets", () => {
  it("lists every set's parameters, and the shapes after the tool's description", async () => {
    const prompt = await promptOf([
      {
        name: "find_city",
        description: "Finds a city by its id, or by its name and country.",
        input_schema: {
          anyOf: [
            { type: "object", properties: { id: { type: "integer", minimum: 1, description: "The city's id." } }, required: ["id"] },
            {
              type: "object",
              properties: { name: { type: "string", description: "The city's name." }, country: { type: "string", pattern: "^[A-Z]{2}$", description: "ISO country code." } },
              required: ["name"],
            },
          ],
        },
      },
    ]);
    expect(prompt).toContain(
      "<description>\nFinds a city by its id, or by its name and country.\n\nGive the parameters of one of these 2 shapes (shape 1: id (required); shape 2: name (required), country).\n</description>",
    );
    expect(parameter(prompt, "id")).toBe("The city's id. Required in shape 1. Must be at least 1.");
    expect(parameter(prompt, "name")).toBe("The city's name. Required in shape 2.");
    expect(parameter(prompt, "country")).toBe("ISO country code. Optional, in shape 2. Must match the regular expression /^[A-Z]{2}$/.");
  });
});

// Issue 37: fields inside the object branches of a union in array items (a map's overlays, an
// index's fields) were shown in the shape but their limits were not stated.
describe("fields inside union branches of array items", () => {
  it("are stated with their limits, one level down and two", async () => {
    const prompt = await promptOf([
      {
        name: "draw_map",
        description: "Draws a map.",
        input_schema: {
          type: "object",
          properties: {
            layers: {
              type: "array",
              description: "What to draw over the map",
              items: {
                anyOf: [
                  { type: "object", properties: { pin: { type: "string", description: "The pin's label." }, tint: { type: "string", pattern: "^[0-9a-f]{6}$", description: "Colour, as hex." } }, required: ["pin"] },
                  { type: "object", properties: { route: { type: "string", maxLength: 500 }, opacity: { type: "number", minimum: 0, maximum: 1 } }, required: ["route"] },
                ],
              },
            },
            indexes: {
              type: "array",
              description: "Indexes to build",
              items: {
                anyOf: [
                  { type: "object", properties: { kind: { const: "btree" }, unique: { type: "boolean" } }, required: ["kind"] },
                  {
                    type: "object",
                    properties: {
                      kind: { const: "search" },
                      columns: {
                        type: "array",
                        items: {
                          oneOf: [
                            { type: "object", properties: { kind: { const: "plain" }, column: { type: "string" } }, required: ["kind", "column"] },
                            { type: "object", properties: { kind: { const: "embedding" }, dims: { type: "integer", minimum: 1, maximum: 4096, description: "Vector size." } }, required: ["kind", "dims"] },
                          ],
                        },
                      },
                    },
                    required: ["kind", "columns"],
                  },
                ],
              },
            },
          },
          required: ["layers"],
        },
      },
    ]);
    const layers = parameter(prompt, "layers");
    expect(layers).toContain('"[].tint": Colour, as hex (matches /^[0-9a-f]{6}$/)');
    expect(layers).toContain('"[].route": length in characters: at most 500');
    expect(layers).toContain('"[].opacity": at least 0, at most 1');
    expect(parameter(prompt, "indexes")).toContain('"[].columns[].dims": Vector size (at least 1, at most 4096)');
  });
});
