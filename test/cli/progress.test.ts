/**
 * Issue 23 item 10: a build shows its progress on a terminal, by stage and count, and nothing when
 * stderr is not a terminal or under CI. The terminal is a real pseudo-terminal: util-linux's
 * `script` runs the shipped bin with stdout and stderr on one.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { progressLine, progressWanted } from "../../src/report/progress.js";
import { repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const SENTENCES = "Looks the thing up. Returns what it found. Use it when the user asks.";

async function project(tools: number): Promise<string> {
  const dir = await tempDir("toolgen-progress-");
  await mkdir(path.join(dir, ".git"));
  await mkdir(path.join(dir, "schemas"));
  for (let i = 0; i < tools; i++) {
    const tool = { name: `tool_${i}`, description: SENTENCES, input_schema: { type: "object", properties: { q: { type: "string", description: "What to look up." } } } };
    await writeFile(path.join(dir, "schemas", `tool_${i}.json`), JSON.stringify(tool));
  }
  return dir;
}

/** The environment without CI (the suite itself may run under CI=true), plus `extra`. */
function environment(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1", ...extra };
  if (!("CI" in extra)) delete env.CI;
  return env;
}

/** `toolgen build` on a pseudo-terminal (stdout and stderr both); what the terminal received. */
function buildOnTerminal(cwd: string, env: Record<string, string | undefined>, redirect = ""): { code: number | null; screen: string } {
  const command = `'${process.execPath}' '${cli}' build --no-cache${redirect}`;
  const r = spawnSync("script", ["-qec", command, "/dev/null"], { cwd, encoding: "utf8", env });
  return { code: r.status, screen: r.stdout };
}

describe("build progress on a terminal (issue 23 item 10)", () => {
  it("is wanted on a terminal only, and not under CI", () => {
    expect(progressWanted({ isTTY: true }, {})).toBe(true);
    expect(progressWanted({ isTTY: true }, { CI: "false" })).toBe(true);
    expect(progressWanted({ isTTY: true }, { CI: "" })).toBe(true);
    expect(progressWanted({ isTTY: true }, { CI: "true" })).toBe(false);
    expect(progressWanted({ isTTY: true }, { CI: "1" })).toBe(false);
    expect(progressWanted({ isTTY: false }, {})).toBe(false);
    expect(progressWanted({}, {})).toBe(false);
    expect(progressLine({ stage: "emit", detail: "validators", step: { done: 4, total: 9 } })).toBe("toolgen: emit 4/9 validators");
  });

  it("shows each stage with its count on a terminal, then erases the line", async () => {
    const dir = await project(3);
    const { code, screen } = buildOnTerminal(dir, environment());
    expect(code, screen).toBe(0);
    expect(screen).toContain("toolgen: load the schemas folder");
    expect(screen).toContain("toolgen: lint 3 tool(s)");
    expect(screen).toMatch(/toolgen: emit 1\/\d+ native \(3 tool\(s\)\)/);
    expect(screen).toMatch(/toolgen: emit (\d+)\/\1 /);
    expect(screen).toMatch(/toolgen: write \d+ file\(s\)/);
    // The last progress line is erased before the report, which stands alone on its line.
    expect(screen).toMatch(/\r\u001b\[Ktoolgen: built 3 tool\(s\) into generated\/ and handlers\//);
  });

  it("shows nothing under CI=true, or when stderr is not the terminal", async () => {
    const dir = await project(3);
    const ci = buildOnTerminal(dir, environment({ CI: "true" }));
    expect(ci.code).toBe(0);
    expect(ci.screen).not.toContain("toolgen: lint");
    expect(ci.screen).toContain("toolgen: built 3 tool(s)");
    const piped = buildOnTerminal(dir, environment(), " 2>stderr.txt");
    expect(piped.code).toBe(0);
    expect(piped.screen).not.toContain("toolgen: lint");
    expect(spawnSync("cat", ["stderr.txt"], { cwd: dir, encoding: "utf8" }).stdout).toBe("");
    const plain = spawnSync(process.execPath, [cli, "build", "--no-cache"], { cwd: dir, encoding: "utf8", env: environment() });
    expect(plain.stderr).toBe("");
  });
});
