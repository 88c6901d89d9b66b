/**
 * Issue 28's "Done when": a 2,000-tool synthetic folder (bench/tool-catalog.mjs) with 5 toolsets
 * builds; each toolset's arrays type-check against the SDKs (@anthropic-ai/sdk, openai,
 * @google/genai) and respect the caps (OpenAI 128, Gemini 512, Windsurf 100 named in "clients"), and a
 * toolset over a cap is reported with the cap's source. Heavy (test:heavy): minutes on 2 cores.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoTempDir } from "../e2e/compile.js";
import { compile } from "../mcp/harness.js";
import { catalogProject, toolgen } from "./project.js";

const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "openai", "gemini", "toolsets"];
const TOOLSETS = {
  commerce: ["shop_*_order", "shop_*_product", "shop_*_order_v2"],
  finance: ["billing_*_invoice*"],
  support: ["support_*_ticket", "chat_get_*"],
  engineering: { tools: ["repo_*_issue", "repo_*_pull_request"], tags: ["release"] },
  people: { tags: ["employee"] },
};

describe("2,000 tools, 5 toolsets (issue 28)", () => {
  it("builds; each toolset fits the caps and its arrays type-check against the SDKs", async () => {
    const dir = await repoTempDir();
    await catalogProject(dir, 2000, { outputs: OUTPUTS, toolsets: TOOLSETS, clients: ["windsurf"] });
    const built = toolgen(dir, ["build", "--no-cache"]);
    expect(built.code, built.stderr).toBe(0);
    // The folder is over every cap: a warning each, with the source.
    expect(built.stderr).toMatch(/the folder has 2000 tools, over OpenAI's cap of 128 \(source: /);
    expect(built.stderr).toMatch(/the folder has 2000 tools, over Windsurf's cap of 100 \(source: https:\/\/docs\.windsurf\.com/);
    const sets = (await readdir(path.join(dir, "generated", "toolsets"))).map((f) => f.replace(/\.ts$/, "")).sort();
    expect(sets).toEqual(Object.keys(TOOLSETS).sort());
    for (const set of sets) {
      const text = await readFile(path.join(dir, "generated", "toolsets", `${set}.ts`), "utf8");
      const count = [...text.matchAll(/^  "[^"]+",$/gm)].length;
      expect(count, set).toBeGreaterThan(0);
      expect(count, set).toBeLessThanOrEqual(80);
    }
    const check = [
      `import type Anthropic from "@anthropic-ai/sdk";`,
      `import type OpenAI from "openai";`,
      `import type { FunctionDeclaration } from "@google/genai";`,
      ...sets.flatMap((s, i) => [
        `import * as s${i} from "./generated/toolsets/${s}.js";`,
        `export const a${i}: Anthropic.Tool[] = s${i}.tools;`,
        `export const c${i}: OpenAI.ChatCompletionTool[] = s${i}.chatCompletionTools;`,
        `export const r${i}: OpenAI.Responses.FunctionTool[] = s${i}.responsesTools;`,
        `export const g${i}: FunctionDeclaration[] = s${i}.functionDeclarations;`,
      ]),
    ].join("\n");
    await writeFile(path.join(dir, "sdk-check.ts"), check + "\n");
    expect(compile(dir, [path.join(dir, "sdk-check.ts")], [])).toEqual([]);

    // One toolset over Windsurf's cap: an error naming the cap and its source.
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ outputs: OUTPUTS, toolsets: { ...TOOLSETS, wide: ["*_get_*"] }, clients: ["windsurf"] }));
    const capped = toolgen(dir, ["build", "--no-cache"]);
    expect(capped.code).toBe(1);
    expect(capped.stderr).toMatch(/the toolset 'wide' has \d+ tools, over Windsurf's cap of 100 \(source: https:\/\/docs\.windsurf\.com\/windsurf\/cascade\/mcp\)/);
  });
});
