/**
 * The token estimate (issue 37 item 4): one table keyed by model family, every family of the installed
 * SDK's model union mapped, no two models of one generation 30% apart, and `stats` printing the ratio it
 * used.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bytesPerToken, modelFamily } from "../../src/commands/token-estimate.js";
import { anthropicModels } from "../facts/installed.js";
import { projectWith, toolgen, toolJson } from "../load/cli-run.js";

describe("the token estimate per model family", () => {
  const models = anthropicModels();

  it("reads the SDK's model union", () => {
    expect(models).toContain("claude-opus-5");
    expect(models.length).toBeGreaterThan(10);
  });

  it("maps every family of the SDK's union in its table (no fallback by version)", () => {
    const unmapped = models.filter((id) => bytesPerToken(id, {}).source.includes("not in toolgen's table"));
    expect(unmapped).toEqual([]);
  });

  it("gives every model of one generation the same ratio: claude-opus-5, claude-sonnet-5 and claude-opus-5-5 alike", () => {
    const generation = (id: string) => /^claude-[a-z]+-(\d+)/.exec(modelFamily(id))?.[1];
    const byGeneration = new Map<string, Map<string, number>>();
    for (const id of models) {
      const g = generation(id);
      if (g === undefined || g === "4") continue; // 4.5-4.6 and 4.7-4.8 are two tokenizers (issue 28)
      const ratios = byGeneration.get(g) ?? new Map<string, number>();
      ratios.set(id, bytesPerToken(id, {}).value);
      byGeneration.set(g, ratios);
    }
    expect([...byGeneration.keys()]).toContain("5");
    for (const ratios of byGeneration.values()) {
      const values = [...ratios.values()];
      expect(Math.max(...values) / Math.min(...values), JSON.stringify(Object.fromEntries(ratios))).toBeLessThan(1.05);
    }
    expect(bytesPerToken("claude-opus-5", {}).value).toBe(bytesPerToken("claude-opus-5-5", {}).value);
    expect(bytesPerToken("claude-sonnet-5", {}).value).toBe(2.69);
    expect(bytesPerToken("claude-opus-4-6", {}).value).toBe(3.5);
    expect(bytesPerToken("claude-opus-4-7", {}).value).toBe(2.69);
  });

  it("reads a family newer than the table by its version, and says so", () => {
    expect(bytesPerToken("claude-opus-6", {})).toEqual({ value: 2.69, source: expect.stringContaining("claude-opus-6 is not in toolgen's table") });
    expect(bytesPerToken("claude-opus-6-20270101", {}).value).toBe(2.69);
  });

  it("stats --model prints the ratio it used, in the table and in JSON", async () => {
    const dir = await projectWith({ "schemas/t.json": toolJson("t", { type: "object", properties: { a: { type: "string" } } }) });
    const table = toolgen(dir, "stats", "--model", "claude-opus-5");
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain("bytes / 2.69");
    expect(table.stdout).not.toContain("bytes / 3.5");
    const json = JSON.parse(toolgen(dir, "stats", "--model", "claude-opus-5", "--format", "json").stdout) as { estimate: string; tools: { bytes: number; estimatedTokens: number }[] };
    expect(json.estimate).toContain("bytes / 2.69");
    expect(json.tools[0]!.estimatedTokens).toBe(Math.ceil(json.tools[0]!.bytes / 2.69));
    const plain = toolgen(dir, "stats");
    expect(plain.stdout).toContain("bytes / 3.5");
    expect(path.isAbsolute(dir)).toBe(true);
  });
});
