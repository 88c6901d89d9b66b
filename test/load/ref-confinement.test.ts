/**
 * Issue 10.15: a `$ref` reads only the schemas folder and the project root (the folder holding the
 * config, else the working directory), plus the config's `refRoots`; never a file that is not a
 * regular file (a FIFO would hang, /dev/urandom never ends).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { projectWith, toolgen, toolJson } from "./cli-run.js";

const withRef = (ref: string) => toolJson("a", { type: "object", properties: { p: { $ref: ref, description: "P." } } });
const SECRET = JSON.stringify({ type: "string", description: "secret", enum: ["hunter2"] });

describe("$ref confinement", () => {
  it("an absolute path outside the project is refused, located, and nothing is written", async () => {
    const outside = await tempDir("toolgen-outside-");
    writeFileSync(path.join(outside, "secret.json"), SECRET);
    const dir = await projectWith({ "schemas/a.json": withRef(path.join(outside, "secret.json")) });
    for (const command of ["build", "lint"]) {
      const run = toolgen(dir, command);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout + run.stderr).toMatch(/outside the folders a \$ref may read/);
    }
    const run = toolgen(dir, "build");
    expect(run.stderr).toMatch(/^schemas\/a\.json:\d+:\d+: error ref-resolvable: cannot resolve \$ref '.*secret\.json': .*outside the folders a \$ref may read \(schemas, \.\)/m);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("../ out of the project is refused; the same file inside the project, or under refRoots, is read", async () => {
    const parent = await tempDir("toolgen-parent-");
    writeFileSync(path.join(parent, "secret.json"), SECRET);
    const dir = path.join(parent, "project");
    mkdirSync(path.join(dir, "schemas"), { recursive: true });
    writeFileSync(path.join(dir, "schemas", "a.json"), withRef("../../secret.json"));
    const refused = toolgen(dir, "build");
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/error ref-resolvable: .*outside the folders a \$ref may read/);
    writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify({ refRoots: [".."] }));
    const allowed = toolgen(dir, "build");
    expect(allowed.code, allowed.stderr).toBe(0);
  });

  it("a symlink inside the schemas folder that leads out of the project is refused", async () => {
    const outside = await tempDir("toolgen-outside-");
    writeFileSync(path.join(outside, "secret.json"), SECRET);
    const dir = await projectWith({ "schemas/a.json": withRef("./link.json.ref") });
    symlinkSync(path.join(outside, "secret.json"), path.join(dir, "schemas", "link.json.ref"));
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/error ref-resolvable: .*outside the folders a \$ref may read/);
  });

  it("/dev/urandom and a FIFO are not regular files: refused at once, never opened", async () => {
    for (const target of ["/dev/urandom", "fifo.json"]) {
      const dir = await projectWith({ "schemas/a.json": withRef(target === "fifo.json" ? "../fifo.json" : target) });
      if (target === "fifo.json") execFileSync("mkfifo", [path.join(dir, "fifo.json")]);
      // A FIFO opened would block the build until the child's kill: exit 1 with the finding is "never opened".
      const run = toolgen(dir, "build");
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/error ref-resolvable: .*it is not a regular file/);
    }
  });
});
