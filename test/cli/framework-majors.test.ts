/**
 * Issue 37 item 8: a framework output is written for one major of its framework. A project with
 * another installed (`ai` 6, which npm picks on Node 20) gets a build warning with the exact install
 * line, on a fresh build and on a cached one; the right major, or none installed, gets none. Each
 * output's stated major is the one toolgen's own suite compiles it against (its devDependencies).
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { caretMajor } from "../../src/build/framework-majors.js";
import { repoRoot, tempDir, toolgen } from "../helpers.js";

/** A project building the ai-sdk output, with `ai@<version>` in its node_modules (none when undefined). */
async function project(version: string | undefined): Promise<string> {
  const dir = await tempDir("toolgen-framework-major-");
  await mkdir(path.join(dir, ".git"));
  await mkdir(path.join(dir, "schemas"));
  const tool = {
    name: "get_time",
    description: "Returns the current time in a time zone. Use it when the user asks what time it is somewhere. It does not convert dates.",
    input_schema: { type: "object", properties: { zone: { type: "string", description: "An IANA time zone, e.g. 'Europe/Paris'." } }, required: ["zone"] },
  };
  await writeFile(path.join(dir, "schemas", "get_time.json"), JSON.stringify(tool));
  const outputs = ["native", "legacy", "types", "validators", "runtime", "index", "handlers", "standard-schema", "ai-sdk"];
  await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", out: "generated", handlers: "handlers", outputs }));
  if (version !== undefined) {
    await mkdir(path.join(dir, "node_modules", "ai"), { recursive: true });
    await writeFile(path.join(dir, "node_modules", "ai", "package.json"), JSON.stringify({ name: "ai", version }));
  }
  return dir;
}

describe("a framework installed at another major than its output is written for", () => {
  it("ai@6: the build warns, naming npm install ai@7, fresh and cached", async () => {
    const dir = await project("6.0.116");
    const line =
      "warning: the ai-sdk output is written for ai 7, but ai 6.0.116 is installed (node_modules/ai/package.json); " +
      "the generated code will not compile against it: npm install ai@7 (on Node 22 or later: on older Node, npm picks an older major)\n";
    for (const run of ["fresh", "cached"]) {
      const r = toolgen(dir, ["build"]);
      expect(r.code, `${run}: ${r.stderr}`).toBe(0);
      expect(r.stderr, run).toContain(line);
    }
  });

  it("ai@7, or no ai installed: no warning", async () => {
    for (const version of ["7.0.173", undefined]) {
      const r = toolgen(await project(version), ["build"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain("warning: the ai-sdk output");
    }
  });

  it("each framework output's major is the one toolgen's suite compiles it against (package.json devDependencies)", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    const frameworks = OUTPUTS.filter((o) => o.framework !== undefined);
    expect(frameworks.map((o) => o.id).sort()).toEqual(["ai-sdk", "anthropic-helpers", "claude-agent-sdk", "langchain", "managed-agents", "mastra", "mcp", "openai-agents"]);
    for (const output of frameworks) {
      const range = pkg.devDependencies[output.framework!.package];
      expect(range, output.id).toBeDefined();
      expect(caretMajor(range!), output.id).toBe(output.framework!.major);
    }
    expect(caretMajor("0.20.3")).toBe("0.20");
    expect(caretMajor("^7.0.173")).toBe("7");
  });
});
