/**
 * `anthropic/server-tool-name-conflict` (issue 37 item 5b): a folder tool named like a server tool the
 * config's `serverTools` says the requests add gets the API's `tool_name_conflict` 400; the names are the
 * installed SDK's own.
 */
import { describe, expect, it } from "vitest";
import { anthropic } from "../../../src/targets/anthropic/facts.js";
import { anthropicServerToolNames } from "../../facts/installed.js";
import { projectWith, toolgen, toolJson as cliTool } from "../../load/cli-run.js";
import { GOOD_DESCRIPTION, testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (name: string) => toolJson({ name, description: GOOD_DESCRIPTION, input_schema: { type: "object" } });

testRule("anthropic/server-tool-name-conflict", {
  valid: [
    { name: "web_search, and no server tool in the requests (the default)", files: tool("web_search") },
    { name: "bash, when the requests add web_search only", files: tool("bash"), setting: ["error", { web_search: 1 }] },
    { name: "a name no server tool has", files: tool("get_weather"), setting: ["error", { web_search: 1, bash: 1 }] },
  ],
  invalid: [
    {
      name: "web_search, when the requests add web_search",
      files: tool("web_search"),
      setting: ["error", { web_search: 1 }],
      errors: [
        {
          message: "Anthropic: the tool 'web_search' has the name of the web_search server tool the requests add (serverTools); the API answers 400 tool_name_conflict: rename it",
          pointer: "/name",
          line: 2,
          column: 3,
        },
      ],
    },
    {
      name: "tool_search_tool_bm25 among two tools",
      files: { "a.json": tool("tool_search_tool_bm25"), "b.json": tool("lookup") },
      setting: ["error", { tool_search_tool_bm25: 1, code_execution: 1 }],
      errors: [{ file: "a.json", message: "the tool_search_tool_bm25 server tool", pointer: "/name", line: 2, column: 3 }],
    },
  ],
});

describe("serverTools", () => {
  it("names every tool of the installed SDK's tool unions that carries a fixed name, and only those", () => {
    expect([...anthropic.serverToolNames].sort()).toEqual(anthropicServerToolNames());
  });

  it("in the config, turns the rule on for those names: toolgen lint exits 1", async () => {
    const dir = await projectWith({ "schemas/web_search.json": cliTool("web_search", { type: "object" }), "toolgen.config.json": JSON.stringify({ serverTools: ["web_search", "bash"] }) });
    const run = toolgen(dir, "lint");
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain("anthropic/server-tool-name-conflict");
    expect(run.stdout).toContain("tool_name_conflict");
  });

  it("without it, the same folder is clean", async () => {
    const dir = await projectWith({ "schemas/web_search.json": cliTool("web_search", { type: "object" }) });
    const run = toolgen(dir, "lint");
    expect(run.stdout).not.toContain("server-tool-name-conflict");
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  it("an unknown name or a value that is not a list is a usage error (exit 2) naming the server tools", async () => {
    const misspelt = await projectWith({ "schemas/a.json": cliTool("a", { type: "object" }), "toolgen.config.json": JSON.stringify({ serverTools: ["web_serch"] }) });
    const run = toolgen(misspelt, "lint");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'web_serch' is not a server tool's name");
    expect(run.stderr).toContain("web_search");
    const notList = await projectWith({ "schemas/a.json": cliTool("a", { type: "object" }), "toolgen.config.json": JSON.stringify({ serverTools: "web_search" }) });
    const second = toolgen(notList, "lint");
    expect(second.code).toBe(2);
    expect(second.stderr).toContain("'serverTools' must be a list");
  });
});
