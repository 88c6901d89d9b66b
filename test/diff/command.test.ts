/**
 * `toolgen diff` as users run it (dist/bin/toolgen.cjs in a child process): two folders in each
 * format (SARIF validated against the official 2.1.0 schema), the exit codes of --fail-on and of
 * usage errors, and git revisions in a scratch repository (renamed files, a changed shared `$ref`
 * fragment that changes three tools, a config that moved the schemas folder), the work tree untouched.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { ajvFor } from "./helpers.js";
import type { JsonObject } from "../../src/model.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));
const require = createRequire(import.meta.url);
const Ajv04 = require("ajv-draft-04") as typeof Ajv;
const sarifSchema = JSON.parse(readFileSync(path.join(path.dirname(require.resolve("@microsoft/jest-sarif/package.json")), "lib", "schemas", "sarif-2.1.0-rtm.5.json"), "utf8")) as Record<string, unknown>;
const sarifFormats = {
  uri: (s: string) => URL.canParse(s) && !/\s/.test(s),
  "uri-reference": (s: string) => !/[\s<>"{}|\\^`]/.test(s) && URL.canParse(s, "file:///base/"),
  "date-time": (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s),
};

function run(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [cli, "diff", ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data, null, 2) + "\n");
};

const weather = (extra: JsonObject = {}): JsonObject => ({
  name: "get_weather",
  description: "Get the current weather for a city. Use it when the user asks about the weather.",
  input_schema: { type: "object", properties: { city: { type: "string", description: "The city." }, units: { type: "string", enum: ["c", "f"] } }, required: ["city"], additionalProperties: false, ...extra },
});

describe("toolgen diff on two folders", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir("toolgen-diff-");
    write(path.join(dir, "old", "get_weather.json"), weather());
    const changed = weather();
    (changed.input_schema as JsonObject).properties = { city: { type: "string", description: "The city." }, units: { type: "string", enum: ["c"] } };
    write(path.join(dir, "new", "get_weather.json"), changed);
    write(path.join(dir, "prompt", "get_weather.json"), { ...weather(), description: "Get the weather for a city right now. Use it when the user asks about the weather." });
  });

  it("reports a narrowed enum with a witness the base accepts and the head rejects (stylish), exit 1", () => {
    const r = run(dir, "old", "new");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Breaking for callers");
    expect(r.stdout).toContain(`enum value(s) removed: "f"`);
    expect(r.stdout).toContain(`witness: {"city":"a","units":"f"} (base accepts, head rejects)`);
  });

  it("json: the witness re-checks with Ajv on both sides' schemas", () => {
    const r = run(dir, "old", "new", "--format", "json");
    const report = JSON.parse(r.stdout) as { findings: { rule: string; class: string; witness: { input: unknown } }[] };
    const f = report.findings.find((x) => x.rule === "diff/enum-narrowed")!;
    expect(f.class).toBe("breaking-callers");
    const schema = (name: string) => (JSON.parse(readFileSync(path.join(dir, name, "get_weather.json"), "utf8")) as { input_schema: JsonObject }).input_schema;
    expect(ajvFor(schema("old"))(f.witness.input)).toBe(true);
    expect(ajvFor(schema("new"))(f.witness.input)).toBe(false);
  });

  it("sarif is valid against the official SARIF 2.1.0 schema", () => {
    const r = run(dir, "old", "new", "--format", "sarif");
    const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false, formats: sarifFormats }).compile(sarifSchema);
    const log = JSON.parse(r.stdout) as { runs: { results: { ruleId: string }[] }[] };
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0]!.results.map((x) => x.ruleId)).toContain("diff/enum-narrowed");
  });

  it("github and markdown", () => {
    expect(run(dir, "old", "new", "--format", "github").stdout).toMatch(/^::error file=new\/get_weather\.json,line=\d+,col=\d+,title=toolgen diff\/enum-narrowed::/m);
    const md = run(dir, "old", "new", "--format", "markdown").stdout;
    expect(md).toContain("## toolgen diff: `old` → `new`");
    expect(md).toContain("| breaking-callers | 1 | 0 | 0 |");
    expect(md).toContain('`{"city":"a","units":"f"}` (base accepts, head rejects)');
  });

  it("--fail-on: a prompt change fails only --fail-on prompt; none never fails", () => {
    expect(run(dir, "old", "prompt").code).toBe(0);
    expect(run(dir, "old", "prompt", "--fail-on", "handlers").code).toBe(0);
    expect(run(dir, "old", "prompt", "--fail-on", "prompt").code).toBe(1);
    expect(run(dir, "old", "new", "--fail-on", "none").code).toBe(0);
    expect(run(dir, "old", "old").stdout).toContain("old -> old: no changes");
  });

  it("usage errors exit 2", () => {
    expect(run(dir, "nowhere").code).toBe(2);
    expect(run(dir, "old", "new", "--fail-on", "sometimes").code).toBe(2);
    expect(run(dir).code).toBe(2);
    expect(run(dir, "--help").stdout).toContain("witness");
  });

  it("an empty base or head (an unset CI variable) is a usage error, exit 2, not the working tree (issue 38, item 5)", () => {
    for (const args of [["", "new"], ["old", ""], [" ", "new"]]) {
      const r = run(dir, ...args);
      expect(r.code, JSON.stringify(args)).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/the (base|head) is empty.*unset/);
    }
  });
});

describe("toolgen diff on git revisions", () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  const tool = (name: string): JsonObject => ({
    name,
    description: `Run ${name} on a list of items. Use it when the user asks for ${name}.`,
    input_schema: { type: "object", properties: { limit: { $ref: "common.json#/$defs/limit" } }, required: ["limit"], additionalProperties: false },
  });
  beforeAll(async () => {
    repo = await tempDir("toolgen-diff-git-");
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    write(path.join(repo, "toolgen.config.json"), { schemas: "schemas" });
    write(path.join(repo, "schemas", "common.json"), { $defs: { limit: { type: "integer", minimum: 1, maximum: 100 } } });
    for (const n of ["alpha", "beta", "gamma"]) write(path.join(repo, "schemas", `${n}.json`), tool(n));
    git("add", "-A");
    git("commit", "-qm", "v1");
    git("tag", "v1");
    // v2: the schemas folder moves to tools/ (the config says so), alpha.json is renamed, and the shared fragment narrows.
    git("mv", "schemas", "tools");
    git("mv", "tools/alpha.json", "tools/first.json");
    write(path.join(repo, "toolgen.config.json"), { schemas: "tools" });
    write(path.join(repo, "tools", "common.json"), { $defs: { limit: { type: "integer", minimum: 1, maximum: 10 } } });
    git("add", "-A");
    git("commit", "-qm", "v2");
    git("tag", "v2");
  });

  it("v1 -> v2: the narrowed $ref fragment breaks the three tools that use it, and nothing else", () => {
    const r = run(repo, "v1", "v2", "--format", "json");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: { rule: string; tool: string; file: string; witness: { input: { limit: number } } }[] };
    expect(report.findings.map((f) => `${f.rule} ${f.tool} ${f.file}`)).toEqual([
      "diff/bound-tightened alpha v2:tools/first.json",
      "diff/bound-tightened beta v2:tools/beta.json",
      "diff/bound-tightened gamma v2:tools/gamma.json",
    ]);
    for (const f of report.findings) expect(f.witness.input.limit).toBeGreaterThan(10);
  });

  it("HEAD defaults to the working tree, and the work tree and index are left as they were", () => {
    const before = git("status", "--porcelain");
    write(path.join(repo, "tools", "beta.json"), { ...tool("beta"), description: "Run beta on every item. Use it when the user asks for beta." });
    const statusWithEdit = git("status", "--porcelain");
    const r = run(repo, "v2", "--format", "json");
    const report = JSON.parse(r.stdout) as { findings: { rule: string; tool: string; file: string }[] };
    expect(report.findings.map((f) => `${f.rule} ${f.tool} ${f.file}`)).toEqual(["diff/description-changed beta tools/beta.json"]);
    expect(r.code).toBe(0);
    expect(git("status", "--porcelain")).toBe(statusWithEdit);
    expect(before).toBe("");
    git("checkout", "--", "tools/beta.json");
    // v1 against the working tree (= v2 now) is the same as v1 against v2, with the head's paths as they are on disk.
    const again = JSON.parse(run(repo, "v1", "--format", "json").stdout) as { findings: { file: string }[] };
    expect(again.findings.map((f) => f.file)).toEqual(["tools/first.json", "tools/beta.json", "tools/gamma.json"]);
  });

  it("a revision whose schemas do not load is a usage error naming the file in that revision", () => {
    git("checkout", "-q", "-b", "broken");
    write(path.join(repo, "tools", "beta.json"), "{ not json");
    git("commit", "-qam", "broken");
    git("tag", "vbad");
    git("checkout", "-q", "main");
    const r = run(repo, "vbad", "v2");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("vbad:tools/beta.json:1:3");
    expect(run(repo, "no-such-rev").stderr).toContain("'no-such-rev' is neither a folder nor a git revision");
  });

  it("a revision's $ref that does not resolve names the revision and the path inside it, never the scratch folder (issue 38, item 16)", () => {
    git("checkout", "-q", "-b", "refs-out");
    // A project in proj/ whose tool names a file of the repository outside the project's folders, and one that is missing.
    write(path.join(repo, "proj", "toolgen.config.json"), { schemas: "schemas" });
    write(path.join(repo, "shared", "limit.json"), { $defs: { limit: { type: "integer" } } });
    write(path.join(repo, "proj", "schemas", "outside.json"), { ...tool("outside"), input_schema: { type: "object", properties: { limit: { $ref: "../../shared/limit.json#/$defs/limit" } } } });
    git("add", "-A");
    git("commit", "-qm", "outside");
    git("tag", "vout");
    write(path.join(repo, "proj", "schemas", "outside.json"), { ...tool("outside"), input_schema: { type: "object", properties: { limit: { $ref: "gone.json#/$defs/limit" } } } });
    git("commit", "-qam", "missing");
    git("tag", "vmissing");
    git("checkout", "-q", "main");
    const cwd = path.join(repo, "proj");
    mkdirSync(cwd, { recursive: true });
    const outside = run(cwd, "vout", "vout");
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain("vout:proj/schemas/outside.json");
    // As in the work tree: the file is the revision's, outside the folders the project's config lets a $ref read.
    expect(outside.stderr).toMatch(/outside the folders a \$ref may read \([^)]*vout:proj\b[^)]*\); add its folder to "refRoots"/);
    const missing = run(cwd, "vmissing", "vmissing");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("looked for vmissing:proj/schemas/gone.json");
    // Where the revision is held (in memory, under toolgen-revision; once a scratch folder toolgen-diff-XXXXXX) is named nowhere, relatively or absolutely.
    for (const r of [outside, missing]) expect(r.stderr).not.toMatch(/toolgen-diff-[A-Za-z0-9]{6}\b|toolgen-revision/);
  });
});
