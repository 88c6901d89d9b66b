/**
 * Issue 28, deferred loading within a budget: `"deferLoading": { "budgetTokens": N, "alwaysLoad": [...] }`
 * marks tools `defer_loading: true` so the tools loaded up front fit N by the offline estimate; the
 * alwaysLoad tools are never deferred; the plan is deterministic; `toolgen stats` reports it; the
 * MCP server marks the tools kept with `_meta["anthropic/alwaysLoad"]`. The plan's properties are
 * checked over random folders (fixed seed); the rest through the shipped bin.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tools as catalog } from "../../bench/tool-catalog.mjs";
import { planDeferral } from "../../src/toolsets/defer.js";
import { toolSize } from "../../src/lint/stats.js";
import type { BundledTool, JsonObject } from "../../src/model.js";
import { tempDir } from "../helpers.js";
import { catalogProject, toolgen } from "./project.js";

const asBundled = (t: ReturnType<typeof catalog>[number], deferred = false): BundledTool => ({
  name: t.name,
  description: t.description,
  inputSchema: t.input_schema as unknown as JsonObject,
  bundledSchema: t.input_schema as unknown as JsonObject,
  source: { absPath: "/x", displayPath: "x", format: "json", text: "" },
  ...(deferred ? { fields: { defer_loading: true } } : {}),
});

describe("planDeferral", () => {
  it("fits the budget, keeps alwaysLoad, defers nothing that would still fit, and is deterministic", () => {
    const pool = catalog(60);
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 60 }), fc.integer({ min: 300, max: 9000 }), fc.integer({ min: 0, max: 3 }), (n, budget, always) => {
        const tools = pool.slice(0, n).map((t, i) => asBundled(t, i % 7 === 6)).sort((a, b) => (a.name < b.name ? -1 : 1));
        const alwaysLoad = tools.filter((t) => t.fields === undefined).slice(0, always).map((t) => t.name);
        const spec = { budgetTokens: budget, alwaysLoad, where: "toolgen.config.json" };
        let plan;
        try {
          plan = planDeferral(tools, spec);
        } catch (error) {
          // Only when alwaysLoad alone is over the budget, or nothing fits at all.
          expect(String(error)).toMatch(/alone are ~\d+ tokens, over 'budgetTokens'|keeps no tool loaded/);
          return;
        }
        const cost = new Map(tools.map((t) => [t.name, toolSize(t).estimatedTokens]));
        const loaded = plan.loaded.reduce((sum, name) => sum + cost.get(name)!, 0);
        expect(loaded).toBe(plan.loadedTokens);
        expect(loaded).toBeLessThanOrEqual(budget);
        for (const name of alwaysLoad) expect(plan.loaded).toContain(name);
        for (const name of plan.deferred) {
          const fileDeferred = tools.find((t) => t.name === name)!.fields?.defer_loading === true;
          if (!fileDeferred) expect(cost.get(name)!).toBeGreaterThan(budget - loaded);
        }
        expect([...plan.loaded, ...plan.deferred].sort()).toEqual(tools.map((t) => t.name).sort());
        expect(planDeferral(tools, spec)).toEqual(plan);
      }),
      { seed: 28, numRuns: 200 },
    );
  });
});

describe("deferLoading through the bin (issue 28)", () => {
  it("defers to the budget, keeps alwaysLoad, and stats reports it; the MCP server marks the kept tools", async () => {
    const dir = await tempDir("toolgen-defer-");
    const always = catalog(40)[5]!.name;
    await catalogProject(dir, 40, { deferLoading: { budgetTokens: 2000, alwaysLoad: [always] }, outputs: ["native", "types", "validators", "handlers", "runtime", "index", "mcp"] });
    const built = toolgen(dir, ["build"]);
    expect(built.code, built.stderr).toBe(0);
    const entries = JSON.parse(await readFile(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string; defer_loading?: boolean }[];
    const deferred = entries.filter((e) => e.defer_loading === true).map((e) => e.name);
    expect(deferred.length).toBeGreaterThan(0);
    expect(deferred).not.toContain(always);
    const stats = toolgen(dir, ["stats", "--format", "json"]);
    expect(stats.code, stats.stderr).toBe(0);
    const report = JSON.parse(stats.stdout) as { notDeferred: { tools: number; estimatedTokens: number }; budget: { budgetTokens: number }; tools: { name: string; deferred: boolean }[] };
    expect(report.budget.budgetTokens).toBe(2000);
    expect(report.notDeferred.estimatedTokens).toBeLessThanOrEqual(2000);
    expect(report.notDeferred.tools).toBe(40 - deferred.length);
    expect(report.tools.filter((t) => t.deferred).map((t) => t.name)).toEqual(deferred);
    const table = toolgen(dir, ["stats"]);
    expect(table.stdout).toMatch(/not deferred \(\d+ tools\)/);
    expect(table.stdout).toMatch(/deferLoading budget\s+2000/);
    const server = await readFile(path.join(dir, "generated", "mcp", "server.ts"), "utf8");
    expect(server).toContain(`"anthropic/alwaysLoad": true`);
    expect(server).toContain(JSON.stringify(always));
    // Deterministic: a second build writes nothing new.
    const again = toolgen(dir, ["build", "--check"]);
    expect(again.code, again.stderr).toBe(0);
  });

  it("names the config file for an unknown alwaysLoad tool or a budget nothing fits (exit 2)", async () => {
    const dir = await tempDir("toolgen-defer-");
    await catalogProject(dir, 10, { deferLoading: { budgetTokens: 2000, alwaysLoad: ["nope"] } });
    const unknown = toolgen(dir, ["build"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("toolgen.config.json: 'deferLoading.alwaysLoad' names 'nope', which is no tool");
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ deferLoading: { budgetTokens: 3 } }));
    const tiny = toolgen(dir, ["build"]);
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toMatch(/toolgen\.config\.json: 'deferLoading\.budgetTokens' 3 keeps no tool loaded/);
    await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ deferLoading: { budgetTokens: -1 } }));
    expect(toolgen(dir, ["build"]).stderr).toContain("toolgen.config.json: 'deferLoading.budgetTokens' must be a positive integer");
  });
});
