/**
 * Issue 37 item 10: `toolgen diff --format markdown` links each rule to toolgen's own docs (the
 * repository URL in its package.json), never to a `docs/diff.md` the user's repository does not have,
 * and no link without a repository URL; `--format github` annotations carry the line and column of
 * the finding in the tool's file, so GitHub shows them on that line.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { packageDocsUrl } from "../../src/load/own-package.js";
import { repoRoot, tempDir } from "../helpers.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));

function run(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, "diff", ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tool = (units: string[]) => ({
  name: "get_weather",
  description: "Get the current weather for a city. Use it when the user asks about the weather. It does not forecast.",
  input_schema: {
    type: "object",
    properties: {
      city: { type: "string", description: "The city, e.g. 'Paris'." },
      units: { type: "string", enum: units, description: "The unit of the temperature." },
    },
    required: ["city"],
  },
});

describe("diff reports a user can follow", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await tempDir("toolgen-diff-links-");
    mkdirSync(path.join(dir, ".git"));
    for (const [side, units] of [["old", ["c", "f"]], ["new", ["c"]]] as const) {
      mkdirSync(path.join(dir, side));
      writeFileSync(path.join(dir, side, "get_weather.json"), JSON.stringify(tool([...units]), null, 2) + "\n");
    }
  });

  it("github: each annotation has the line and column of its pointer", () => {
    const out = run(dir, "old", "new", "--format", "github").stdout;
    // The finding's pointer is /input_schema/properties/units/enum: its key is on line 13, column 9.
    const lines = readFileSync(path.join(dir, "new", "get_weather.json"), "utf8").split("\n");
    expect(lines[12]).toBe('        "enum": [');
    expect(out).toMatch(/^::error file=new\/get_weather\.json,line=13,col=9,title=toolgen diff\/enum-narrowed::/m);
  });

  it("markdown: no link to a docs/diff.md of the user's repository; toolgen's repository URL when it has one", () => {
    const md = run(dir, "old", "new", "--format", "markdown").stdout;
    expect(md).not.toContain("](docs/diff.md");
    const url = packageDocsUrl("docs/diff.md#the-rules");
    const repository = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { repository?: unknown }).repository;
    if (repository === undefined) {
      expect(url).toBeUndefined();
      expect(md).toContain("| `diff/enum-narrowed` |");
    } else {
      expect(md).toContain(`[diff/enum-narrowed](${url})`);
    }
  });
});
