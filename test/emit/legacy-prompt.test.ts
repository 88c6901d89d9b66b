import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { fixture, project, tempDir } from "../helpers.js";
import { loadFolder, bundleTools } from "../../src/load/index.js";
import { legacyConversions } from "../../src/targets/anthropic/legacy-view.js";

const toolsBlock = (prompt: string) => prompt.slice(prompt.indexOf("<tools>"), prompt.indexOf("</tools>") + "</tools>".length);

describe("legacy prompt", () => {
  it("keeps hostile text inert: the <tools> block is well-formed XML whose text decodes to the input", async () => {
    const p = await project(fixture("hostile", "schemas"));
    await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false });
    const prompt = await readFile(path.join(p.out, "legacy-prompt.txt"), "utf8");
    const input = JSON.parse(await readFile(path.join(p.schemas, "render_note.json"), "utf8"));
    await expect(prompt).toMatchFileSnapshot(fixture("hostile", "expected", "legacy-prompt.txt"));

    const block = toolsBlock(prompt);
    expect(XMLValidator.validate(block)).toBe(true);
    const parsed = new XMLParser({ trimValues: false, parseTagValue: false, processEntities: true, isArray: (n) => n === "parameter" }).parse(block);
    const tool = parsed.tools.tool_description;
    expect(tool.tool_name).toBe("render_note");
    expect(tool.description).toBe(`\n${input.description}\n`);
    const [text, mode] = tool.parameters.parameter;
    expect(text.name).toBe("text");
    expect(text.description.startsWith(input.input_schema.properties.text.description)).toBe(true);
    expect(text.description).toContain('Default: "</description>&"');
    expect(mode.description).toContain('Allowed values: "<a>", "b&c", "*/"');
    // Exactly one tool description and one <function_calls> example (the preamble's): nothing injected.
    expect(prompt.match(/<tool_description>/g)).toHaveLength(1);
    expect(prompt.match(/<function_calls>/g)).toHaveLength(1);
  });

  it("the TypeScript module exports the same text, and hostile text cannot break out of it", async () => {
    const p = await project(fixture("hostile", "schemas"));
    await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false });
    const prompt = await readFile(path.join(p.out, "legacy-prompt.txt"), "utf8");
    const mod = (await import(path.join(p.out, "legacy.ts"))) as { legacySystemPrompt: string; LEGACY_STOP_SEQUENCE: string };
    expect(mod.legacySystemPrompt).toBe(prompt);
    expect(mod.LEGACY_STOP_SEQUENCE).toBe("</function_calls>");
  });

  it("states what the format cannot: required/optional, allowed values, defaults, JSON shapes", async () => {
    const dir = await tempDir();
    const schemas = path.join(dir, "schemas");
    await mkdir(schemas);
    await writeFile(
      path.join(schemas, "plan_trip.json"),
      JSON.stringify({
        name: "plan_trip",
        description: "Plans a trip.",
        input_schema: {
          type: "object",
          properties: {
            stops: {
              type: "array",
              description: "The stops",
              items: { type: "object", properties: { city: { type: "string" }, nights: { type: "integer" } }, required: ["city"] },
            },
            budget: { type: ["number", "null"], description: "Budget in EUR.", default: null },
            pace: { enum: ["slow", "fast"], description: "How fast." },
            tags: { type: "object", additionalProperties: { type: "string" }, description: "Free labels." },
          },
          required: ["stops"],
        },
      }),
    );
    await build({ schemas, out: path.join(dir, "out"), handlers: path.join(dir, "handlers"), lint: false });
    const prompt = await readFile(path.join(dir, "out", "legacy-prompt.txt"), "utf8");
    expect(prompt).toContain(
      '<name>stops</name>\n<type>array</type>\n<description>The stops. Required. Write the value as JSON shaped like [{"city": string, "nights"?: integer}, ...].</description>',
    );
    expect(prompt).toContain("<name>budget</name>\n<type>number</type>\n<description>Budget in EUR. Optional. May be null. Default: null.</description>");
    expect(prompt).toContain('<name>pace</name>\n<type>string</type>\n<description>How fast. Optional. Allowed values: "slow", "fast".</description>');
    expect(prompt).toContain('<type>object</type>\n<description>Free labels. Optional. Write the value as JSON shaped like {[key: string]: string}.</description>');
  });

  it("--templates overrides a template by file name, and rejects unknown names", async () => {
    const p = await project(fixture("hostile", "schemas"));
    const templates = path.join(p.dir, "my-templates");
    await mkdir(templates);
    await writeFile(path.join(templates, "parameter.hbs"), "<parameter><name>{{xml name}}</name></parameter>\n");
    await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false, templates });
    const prompt = await readFile(path.join(p.out, "legacy-prompt.txt"), "utf8");
    expect(prompt).toContain("<parameter><name>text</name></parameter>\n");
    await writeFile(path.join(templates, "nope.hbs"), "x");
    await expect(build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false, templates })).rejects.toThrow(/nope\.hbs.*overrides no built-in template/);
  });

  // Issue 36 item 5: `legacyConversions` is an array literal (it was JSON.parse of text), laid out
  // within 120 columns, and holds exactly the conversions the prompt was written with.
  it("legacy.ts writes legacyConversions as an array literal of the build's conversions", async () => {
    const p = await project(fixture("awkward", "schemas"));
    await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, refRoots: [p.dir], lint: false, cache: false });
    const text = await readFile(path.join(p.out, "legacy.ts"), "utf8");
    expect(text).not.toContain("JSON.parse");
    expect(text).toMatch(/^export const legacyConversions: LegacyConversions = \[\n {2}\[/m);
    expect(text.split("\n").filter((l) => l.length > 120 && !l.startsWith("<") && /\s\S/.test(l.trim()))).toEqual([]);
    const mod = (await import(path.join(p.out, "legacy.ts"))) as { legacyConversions: [string, unknown][] };
    const { tools } = await bundleTools(await loadFolder(p.schemas, { refRoots: [p.dir] }));
    const expected = JSON.parse(JSON.stringify(legacyConversions(tools))) as [string, unknown][];
    expect(mod.legacyConversions.length).toBe(expected.length);
    expect(new Map(mod.legacyConversions)).toEqual(new Map(expected));
  });
});
