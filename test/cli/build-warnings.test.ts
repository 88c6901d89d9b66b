/**
 * Issue 23 item 9: `toolgen build` takes lint's `--quiet` and `--max-warnings`, and ends its
 * warnings with lint's summary line. Run as users run it: the shipped bin in a scratch project.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir, toolgen } from "../helpers.js";

/** A project whose one tool has two lint warnings (one sentence, an undescribed parameter). */
async function warnedProject(): Promise<string> {
  const dir = await tempDir("toolgen-build-warn-");
  await mkdir(path.join(dir, ".git"));
  await mkdir(path.join(dir, "schemas"));
  const tool = { name: "w", description: "Looks it up.", input_schema: { type: "object", properties: { q: { type: "string" } } } };
  await writeFile(path.join(dir, "schemas", "w.json"), JSON.stringify(tool));
  return dir;
}

const WARNING_LINE = /^schemas\/w\.json:\d+:\d+: warning /gm;

describe("build's lint options (issue 23 item 9)", () => {
  it("prints the warnings with a summary line; --quiet hides them", async () => {
    const dir = await warnedProject();
    const loud = toolgen(dir, ["build"]);
    expect(loud.code, loud.stderr).toBe(0);
    expect(loud.stderr.match(WARNING_LINE)).toHaveLength(2);
    expect(loud.stderr).toContain("\n✖ 2 problems (0 errors, 2 warnings)\n");
    const quiet = toolgen(dir, ["build", "--quiet"]);
    expect(quiet).toMatchObject({ code: 0, stderr: "" });
    expect(quiet.stdout).toMatch(/^toolgen: /);
  });

  it("--max-warnings N exits 1 above N warnings, counting them under --quiet too", async () => {
    const dir = await warnedProject();
    const over = toolgen(dir, ["build", "--max-warnings", "1"]);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("toolgen: too many warnings (2, --max-warnings 1)\n");
    expect(toolgen(dir, ["build", "--max-warnings", "2"]).code).toBe(0);
    expect(toolgen(dir, ["build", "--max-warnings=-1"]).code).toBe(0);
    const quietOver = toolgen(dir, ["build", "--quiet", "--max-warnings", "0"]);
    expect(quietOver.code).toBe(1);
    expect(quietOver.stderr).toBe("toolgen: too many warnings (2, --max-warnings 0)\n");
    const bad = toolgen(dir, ["build", "--max-warnings", "1.5"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--max-warnings must be a whole number");
  });

  it("the help lists them", () => {
    const help = toolgen(repoRoot, ["build", "--help"]);
    expect(help.stdout).toContain("--quiet");
    expect(help.stdout).toContain("--max-warnings");
  });
});
