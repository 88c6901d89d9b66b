/**
 * The claude-agent-sdk and langchain outputs' files for the seed tools, as golden files
 * (test/fixtures/seed-tools/expected/): generated output changes only on purpose, and review sees it.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { bundleTools, loadFolder } from "../../src/index.js";
import { emitClaudeAgentSdk } from "../../src/targets/claude-agent-sdk/emit.js";
import { emitLangChain } from "../../src/targets/langchain/emit.js";
import { fixture, repoRoot } from "../helpers.js";

it("claude-agent-sdk/shapes.ts, claude-agent-sdk/tools.ts and langchain/tools.ts of the seed tools", async () => {
  const { tools } = await bundleTools(await loadFolder(path.join(repoRoot, "schemas")));
  const files = [...emitClaudeAgentSdk(tools).files, ...emitLangChain()];
  expect(files.map((f) => f.path)).toEqual(["claude-agent-sdk/shapes.ts", "claude-agent-sdk/tools.ts", "langchain/tools.ts"]);
  for (const file of files) await expect(file.contents).toMatchFileSnapshot(fixture("seed-tools", "expected", ...file.path.split("/")));
});
