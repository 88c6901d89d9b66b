/**
 * The `claude-agent-sdk` output compiled as users compile it (issue 25): tsc -p over a strict ES-module
 * project whose tsconfig names the generated folder, the handlers and the user's line (`query({ prompt,
 * options: { mcpServers } })`). In test:heavy (tsc over the SDK's types, about 10 s); output.test.ts
 * runs the same build through the SDK's in-process server.
 */
import { spawnSync } from "node:child_process";
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../../src/pipeline.js";
import { repoTempDir } from "../../e2e/compile.js";
import { CI_LIMIT_MS, repoRoot } from "../../helpers.js";
import { DEFER_ALL_BUT_FIND_ORDER, FIND_ORDER, NOT_A_STRING, OUTPUTS } from "./fixtures.js";

const TSC = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");

describe("the claude-agent-sdk output in a user's tsc project", () => {
  let dir = "";
  it("compiles with tsc -p in a strict ES-module project, with the user's line", async () => {
    dir = await repoTempDir();
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "schemas", "find_order.json"), JSON.stringify(FIND_ORDER, null, 2));
    await writeFile(path.join(dir, "schemas", "not_a_string.json"), JSON.stringify(NOT_A_STRING, null, 2));
    const schemas = path.join(dir, "schemas");
    const built = await build({ schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: false, cache: false, outputs: OUTPUTS, deferLoading: DEFER_ALL_BUT_FIND_ORDER });
    expect(built.files.length).toBeGreaterThan(0);
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const compilerOptions = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUnusedLocals: true, noUnusedParameters: true, skipLibCheck: true, outDir: "dist", types: ["node"] };
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["generated", "handlers", "agent.ts"] }, null, 2));
    await writeFile(
      path.join(dir, "agent.ts"),
      [
        `import { query } from "@anthropic-ai/claude-agent-sdk";`,
        `import { claudeAgentTools, createClaudeAgentMcpServer } from "./generated/claude-agent-sdk/tools.js";`,
        ``,
        `export function ask(prompt: string) {`,
        `  return query({ prompt, options: { mcpServers: { toolgen: createClaudeAgentMcpServer() }, allowedTools: claudeAgentTools.map((t) => \`mcp__toolgen__\${t.name}\`) } });`,
        `}`,
        ``,
      ].join("\n"),
    );
    const tsc = spawnSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, CI_LIMIT_MS);

});
