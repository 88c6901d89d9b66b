/**
 * `toolgen diff REV REV` reads each revision into memory (src/diff/sides.ts, src/load/file-source.ts;
 * issue 39 item 7): no scratch folder is written, so the diff works where no temporary folder can be
 * made, and a revision loads exactly as the same files on disk do.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { memoryFiles } from "../../src/load/file-source.js";
import { bundleTools, loadFolder } from "../../src/load/index.js";
import { discoverFiles } from "../../src/load/read.js";
import { configFor } from "../../src/commands/config.js";

const cli = fileURLToPath(new URL("../../dist/bin/toolgen.cjs", import.meta.url));

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data, null, 2) + "\n");
};

const tool = (name: string) => ({
  name,
  description: `Run ${name} on a list of items. Use it when the user asks for ${name}.`,
  input_schema: { type: "object", properties: { limit: { $ref: "../../shared/limit.json#/$defs/limit" }, note: { type: "string" } }, required: ["limit"], additionalProperties: false },
});

describe("a revision is read from memory", () => {
  let repo = "";
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  beforeAll(async () => {
    repo = await tempDir("toolgen-diffmem-");
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    write(path.join(repo, "proj", "toolgen.config.yaml"), "schemas: tools\nrefRoots: [../shared]\n");
    write(path.join(repo, "shared", "limit.json"), { $defs: { limit: { type: "integer", minimum: 1, maximum: 100 } } });
    for (const n of ["alpha", "beta"]) write(path.join(repo, "proj", "tools", `${n}.json`), tool(n));
    write(path.join(repo, "proj", "tools", "gamma.yaml"), "name: gamma\ndescription: Count the items. Use it when the user asks how many.\ninput_schema:\n  type: object\n");
    git("add", "-A");
    git("commit", "-qm", "v1");
    git("tag", "v1");
    write(path.join(repo, "shared", "limit.json"), { $defs: { limit: { type: "integer", minimum: 1, maximum: 10 } } });
    write(path.join(repo, "proj", "tools", "beta.json"), { ...tool("beta"), description: "Run beta on every item. Use it when the user asks for beta." });
    git("add", "-A");
    git("commit", "-qm", "v2");
    git("tag", "v2");
  });

  it("diffs two revisions where no temporary folder can be made, naming files as rev:path", async () => {
    // TMPDIR names a file: any mkdtemp under os.tmpdir() fails (even for root).
    const notAFolder = path.join(await tempDir("toolgen-diffmem-tmp-"), "file");
    writeFileSync(notAFolder, "");
    const cwd = path.join(repo, "proj");
    const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", TMPDIR: notAFolder, TMP: notAFolder, TEMP: notAFolder };
    const r = spawnSync(process.execPath, [cli, "diff", "v1", "v2", "--format", "json", "--fail-on", "none"], { cwd, encoding: "utf8", env });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { findings: { rule: string; tool: string; file: string }[] };
    expect(report.findings.map((f) => `${f.rule} ${f.tool} ${f.file}`)).toEqual([
      "diff/bound-tightened alpha v2:proj/tools/alpha.json",
      "diff/description-changed beta v2:proj/tools/beta.json",
      "diff/bound-tightened beta v2:proj/tools/beta.json",
    ]);
  });

  it("loads a folder held in memory as the same files on disk: tools, problems, $ref lookups, the config", async () => {
    const files = (rel: string) => [rel, readFileSync(path.join(repo, rel))] as const;
    const root = path.join(repo, "..", "nowhere-on-disk");
    const rels = ["proj/toolgen.config.yaml", "shared/limit.json", "proj/tools/alpha.json", "proj/tools/beta.json", "proj/tools/gamma.yaml"];
    const memory = memoryFiles(root, rels.map(files), [".git"]);
    const onDisk = configFor(path.join(repo, "proj"), {}, path.join(repo, "proj"));
    const inMemory = configFor(path.join(root, "proj"), {}, path.join(root, "proj"), memory);
    expect(inMemory.schemas).toBe(onDisk.schemas);
    expect(inMemory.refRoots).toEqual([path.join(root, "proj"), path.join(root, "shared")]);
    const strip = (p: string, base: string) => path.relative(base, p);
    expect((await discoverFiles(path.join(root, "proj", "tools"), [], undefined, memory)).map((p) => strip(p, root))).toEqual(
      (await discoverFiles(path.join(repo, "proj", "tools"))).map((p) => strip(p, repo)),
    );
    const disk = await bundleTools(await loadFolder(path.join(repo, "proj", "tools"), { refRoots: onDisk.refRoots! }));
    const mem = await bundleTools(await loadFolder(path.join(root, "proj", "tools"), { refRoots: inMemory.refRoots!, files: memory }));
    expect(mem.problems).toEqual([]);
    expect(mem.tools.map((t) => [t.name, t.bundledSchema])).toEqual(disk.tools.map((t) => [t.name, t.bundledSchema]));
    // Nothing outside the in-memory root exists: a $ref there finds no file (on disk it would be read).
    expect(memory.stat(path.join(repo, "shared", "limit.json"))).toBeUndefined();
  });
});
