/** Rule `mcp/annotations-directory`: the annotations Anthropic's MCP directory requires (off by default; the directory profile turns it on). */
import { describe, expect, it } from "vitest";
import { composeRules, parseSettings } from "../../../src/catalog.js";
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (extra: Record<string, unknown> = {}) => toolJson({ name: "a", input_schema: { type: "object" }, ...extra });

testRule("mcp/annotations-directory", {
  valid: [
    { name: "off by default", files: tool() },
    { name: "title, readOnlyHint and destructiveHint", setting: "error", files: tool({ annotations: { title: "A", readOnlyHint: false, destructiveHint: true } }) },
    { name: "a read-only tool needs no destructiveHint", setting: "error", files: tool({ annotations: { title: "A", readOnlyHint: true } }) },
  ],
  invalid: [
    {
      name: "no annotations: each key, at the name",
      setting: "error",
      files: tool(),
      errors: [
        { message: "has no annotations.destructiveHint (true or false)", pointer: "/name", line: 2, column: 3, tool: "a", severity: "error" },
        { message: "has no annotations.readOnlyHint (true or false): Claude runs a read-only tool without asking", pointer: "/name", line: 2, column: 3 },
        { message: "has no annotations.title (a string): the directory reads the title inside annotations", pointer: "/name", line: 2, column: 3 },
      ],
    },
    {
      name: "a top-level title is not the directory's; a hint of the wrong type",
      setting: "warning",
      files: tool({ title: "A", annotations: { readOnlyHint: "no", destructiveHint: false } }),
      errors: [
        { message: "has no annotations.title", pointer: "/annotations", line: 7, column: 3, severity: "warning" },
        { message: "annotations.readOnlyHint must be true or false", pointer: "/annotations/readOnlyHint", line: 8, column: 5 },
      ],
    },
  ],
});

describe("the directory profile (\"mcpProfile\": \"directory\")", () => {
  it("turns the rule on as an error, whatever the targets; the config's own \"rules\" win", () => {
    expect(composeRules({ targets: ["anthropic"] })["mcp/annotations-directory"]).toBe("off");
    expect(composeRules({ targets: ["mcp"] })["mcp/annotations-directory"]).toBe("off");
    expect(composeRules({ targets: ["anthropic"], settings: { mcpProfile: "directory" } })["mcp/annotations-directory"]).toBe("error");
    const given = { "mcp/annotations-directory": "warning" };
    expect(composeRules({ targets: ["mcp"], settings: { mcpProfile: "directory" }, rules: given })["mcp/annotations-directory"]).toBe("warning");
  });

  it("is a setting of the config: another value is a usage error naming the key", () => {
    expect(parseSettings({ mcpProfile: "directory" }, "toolgen.config.json")).toEqual({ mcpProfile: "directory" });
    expect(() => parseSettings({ mcpProfile: "strict" }, "toolgen.config.json")).toThrow(`toolgen.config.json: 'mcpProfile' must be "directory"`);
  });
});
