/** The managed-agents target's rules (issue 40 item 5): a custom tool's name, and the agent's cap of 256 tools. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeRules, settingValues, targetCaps } from "../../../src/catalog.js";
import { lintLoaded } from "../../../src/commands/lint-folder.js";
import { loadFolder } from "../../../src/load/index.js";
import type { RuleSetting } from "../../../src/lint/settings.js";
import { parseToolsets } from "../../../src/toolsets/settings.js";
import { tempDir } from "../../helpers.js";
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string) => toolJson({ name, description: "d", input_schema: { type: "object" } });
const tools = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => `t${String(i).padStart(3, "0")}`).map((name) => [`${name}.json`, tool(name)]));

testRule("managed-agents/tool-name-format", {
  valid: [{ name: "letters, digits, _ and -", files: tool("get-weather_2") }, { name: "128 characters", files: tool("a".repeat(128)) }],
  invalid: [
    { name: "a dot", files: tool("get.weather"), errors: [{ message: "Claude Managed Agent: tool name 'get.weather' does not match ^[a-zA-Z0-9_-]{1,128}$: \".\" is not allowed", pointer: "/name", line: 2, column: 3 }] },
    { name: "129 characters", files: tool("a".repeat(129)), errors: [{ message: "it is 129 characters long (at most 128)", pointer: "/name", line: 2, column: 3 }] },
  ],
});

testRule("managed-agents/tool-count", {
  valid: [
    { name: "256 tools, the cap", files: tools(256) },
    { name: "3 tools, max 3", setting: ["error", { max: 3 }], files: tools(3) },
  ],
  invalid: [
    {
      name: "257 tools: one finding, on the 257th in name order",
      files: tools(257),
      errors: [{ file: "t256.json", message: "the folder has 257 tools, over an agent's cap of 256 (source: @anthropic-ai/sdk 1.14 CHANGELOG.md", pointer: "/name", line: 2, column: 3, tool: "t256" }],
    },
    {
      name: "4 tools with max 2",
      setting: ["warning", { max: 2 }],
      files: tools(4),
      errors: [{ file: "t002.json", message: "this is tool 3. Send fewer, or define \"toolsets\" and give each agent one", pointer: "/name", line: 2, column: 3 }],
    },
  ],
});

describe("managed-agents/tool-count with the config's toolsets", () => {
  /** `toolgen lint`'s run over the folder, with targets: ["managed-agents"] and the given settings. */
  async function lintRun(dir: string, given: Record<string, unknown>): Promise<string[]> {
    const rules = composeRules({ rules: {}, targets: ["managed-agents"], settings: {} }) as Record<string, RuleSetting>;
    const run = { settings: settingValues(given), caps: targetCaps(rules), configFile: "toolgen.config.json" };
    const found = await lintLoaded(await loadFolder(dir), rules, undefined, undefined, run);
    return found.filter((d) => d.rule.startsWith("managed-agents/") || d.rule === "toolset-cap").map((d) => `${d.rule} ${d.severity} ${d.pointer} ${d.message}`);
  }

  it("stands down, and toolset-cap checks each toolset against the agent's cap instead", async () => {
    const dir = await tempDir();
    for (const [file, text] of Object.entries(tools(257))) await writeFile(path.join(dir, file), text);
    const plain = await lintRun(dir, {});
    expect(plain.map((f) => f.split(" ").slice(0, 3).join(" "))).toEqual(["managed-agents/tool-count error /name", "toolset-cap warning "]);
    const split = await lintRun(dir, { toolsets: parseToolsets({ all: ["t*"], some: ["t00*"] }, "test") });
    expect(split.map((f) => f.split(" ").slice(0, 3).join(" "))).toEqual(["toolset-cap warning ", "toolset-cap error /toolsets/all"]);
    expect(split[1]).toContain("the toolset 'all' has 257 tools, over Claude Managed Agent's cap of 256 (source: @anthropic-ai/sdk 1.14 CHANGELOG.md");
  });
});
