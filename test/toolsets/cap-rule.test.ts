/**
 * Issue 36: the caps check is the toolsets feature's rule `toolset-cap` (src/features/toolsets/rules/),
 * run by `toolgen lint` and by a build with one behaviour: the caps of the checked targets and of the
 * config's clients, whether or not "toolsets" or "clients" is set; configurable as any rule; reported on
 * the config file, so linting a part of the folder does not report it.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { catalogProject, toolgen } from "./project.js";

interface JsonDiagnostic {
  rule: string;
  severity: string;
  file: string;
  message: string;
  line?: number;
  column?: number;
}

const capFindings = (stdout: string) => (JSON.parse(stdout) as JsonDiagnostic[]).filter((d) => d.rule === "toolset-cap");

describe("toolset-cap, the toolsets feature's rule", () => {
  it("lint and build check the folder against a target's cap with no toolsets or clients set (one behaviour)", async () => {
    const dir = await tempDir("toolgen-cap-rule-");
    await catalogProject(dir, 140, { targets: ["anthropic", "openai"] });
    const lint = toolgen(dir, ["lint", "--format", "json"]);
    expect(lint.code, lint.stderr).toBe(0);
    const found = capFindings(lint.stdout);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", file: "toolgen.config.json" });
    expect(found[0]!.message).toMatch(/^the folder has 140 tools, over OpenAI's cap of 128 \(source: https:\/\/platform\.openai\.com/);
    const built = toolgen(dir, ["build"]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toContain(found[0]!.message);
  });

  it("is configured as any rule: off silences it, warning lets a build over a client's cap through", async () => {
    const dir = await tempDir("toolgen-cap-rule-");
    const config = { toolsets: { big: ["*_get_*", "*_list_*", "*_search_*", "*_update_*", "*_create_*"] }, clients: ["windsurf"] };
    await catalogProject(dir, 210, { ...config, rules: { "toolset-cap": "off" } });
    const off = toolgen(dir, ["lint", "--format", "json"]);
    expect(off.code, off.stderr).toBe(0);
    expect(capFindings(off.stdout)).toEqual([]);
    const offBuild = toolgen(dir, ["build"]);
    expect(offBuild.code, offBuild.stderr).toBe(0);
    expect(offBuild.stderr).not.toMatch(/cap of/);

    const on = await tempDir("toolgen-cap-rule-");
    await catalogProject(on, 210, config);
    const located = capFindings(toolgen(on, ["lint", "--format", "json"]).stdout);
    // Located in the config file: the folder at its root, the toolset at its key.
    expect(located.map((d) => [d.severity, d.file, d.line, d.column])).toEqual([
      ["warning", "toolgen.config.json", 1, 1],
      ["error", "toolgen.config.json", 3, 5],
    ]);

    const warn = await tempDir("toolgen-cap-rule-");
    await catalogProject(warn, 210, { ...config, rules: { "toolset-cap": "warning" } });
    const built = toolgen(warn, ["build"]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toMatch(/warning .*the toolset 'big' has \d+ tools, over Windsurf's cap of 100/);
  });

  it("is not reported when lint names a part of the folder", async () => {
    const dir = await tempDir("toolgen-cap-rule-");
    await catalogProject(dir, 140, { targets: ["openai"], clients: ["windsurf"] });
    const whole = toolgen(dir, ["lint", "--format", "json"]);
    expect(capFindings(whole.stdout).map((d) => d.message.slice(0, 41))).toEqual([
      "the folder has 140 tools, over OpenAI's c",
      "the folder has 140 tools, over Windsurf's",
    ]);
    const [file] = (await readdir(path.join(dir, "schemas"))).sort();
    const part = toolgen(dir, ["lint", "--format", "json", `schemas/${file}`]);
    expect(part.code, part.stderr).toBe(0);
    expect(capFindings(part.stdout)).toEqual([]);
  });
});
