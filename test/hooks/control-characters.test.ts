/**
 * Issue 10.16 (last bullet): text taken from schemas (tool names, descriptions, property keys, file
 * names, messages quoting them) reached the terminal raw, so an escape sequence in a schema could
 * recolour, move the cursor or rewrite the report. The stylish and github formatters and the plain
 * build report print control characters as visible escapes.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { escapeControl } from "../../src/lint/formatters/escape.js";
import { formatGithub } from "../../src/lint/formatters/github.js";
import { formatStylish } from "../../src/lint/formatters/stylish.js";
import type { Diagnostic } from "../../src/model.js";
import { formatDiagnosticsPlain } from "../../src/report/plain.js";
import { repoRoot, tempDir } from "../helpers.js";

const HOSTILE = "a\u001b[2J\u001b]0;pwned\u0007b\rc\nd\u0000e\u009bf\u202eg\u2028h\u007f";
const diagnostic: Diagnostic = {
  file: `schemas/${HOSTILE}.json`,
  tool: HOSTILE,
  rule: "schema-valid",
  severity: "error",
  message: `property '${HOSTILE}' is bad`,
  pointer: `/input_schema/properties/${HOSTILE}`,
  line: 3,
  column: 5,
};
/** C0 and C1 controls, DEL, line/paragraph separators and bidirectional overrides. */
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("control characters from schemas in terminal output", () => {
  it("escapeControl makes every control character visible and leaves other text alone", () => {
    expect(escapeControl(HOSTILE)).toBe("a\\u001b[2J\\u001b]0;pwned\\u0007b\\rc\\nd\\u0000e\\u009bf\\u202eg\\u2028h\\u007f");
    expect(escapeControl("plain ü 東京 'quoted' \\ back")).toBe("plain ü 東京 'quoted' \\ back");
  });

  it("stylish (without colour) prints none raw, and keeps one line per finding", () => {
    const out = formatStylish([diagnostic], { color: false });
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(out.split("\n").filter((line) => line.includes("schema-valid"))).toHaveLength(1);
  });

  it("stylish with colour emits only its own SGR sequences", () => {
    const out = formatStylish([diagnostic], { color: true }).replace(/\u001b\[[0-9]+m/g, "");
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
  });

  it("github annotations print none raw, one command per finding", () => {
    const out = formatGithub([diagnostic]);
    expect(out.endsWith("\n")).toBe(true);
    expect(out.slice(0, -1)).not.toMatch(RAW);
    expect(out.match(/^::error /gm)).toHaveLength(1);
  });

  it("the plain report (build errors) prints none raw", () => {
    const out = formatDiagnosticsPlain([diagnostic]);
    expect(out.slice(0, -1)).not.toMatch(RAW);
  });

  it("the real CLI: a tool whose description and property key hold escapes", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "schemas"));
    await writeFile(
      path.join(dir, "schemas", "evil.json"),
      JSON.stringify({
        name: "evil",
        description: "Clears the screen.\u001b[2J",
        input_schema: { type: "object", properties: { "k\u001b]0;title\u0007": { type: "string" } }, required: ["gone\u001b[31m"] },
      }),
    );
    const bin = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
    for (const args of [["lint"], ["lint", "--format", "github"], ["build"]]) {
      const run = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      expect(run.status, args.join(" ")).toBe(1);
      expect(run.stdout + run.stderr, args.join(" ")).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(run.stdout + run.stderr, args.join(" ")).toContain("\\u001b");
    }
  });
});
