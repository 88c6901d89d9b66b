/** The managed-agents target's rules (issue 40 item 5): a custom tool's name, and the agent's cap of 256 tools. */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string) => toolJson({ name, description: "d", input_schema: { type: "object" } });
const tools = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => `t${String(i).padStart(3, "0")}`).map((name) => [`${name}.json`, tool(name)]));

testRule("managed-agents/tool-name-format", {
  valid: [{ name: "letters, digits, _ and -", files: tool("get-weather_2") }, { name: "128 characters", files: tool("a".repeat(128)) }],
  invalid: [
    { name: "a dot", files: tool("get.weather"), errors: [{ message: "Claude Managed Agents: tool name 'get.weather' does not match ^[a-zA-Z0-9_-]{1,128}$: \".\" is not allowed", pointer: "/name", line: 2, column: 3 }] },
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
