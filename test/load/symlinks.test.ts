/**
 * Issue 10.16: symlinked schema files are followed when they lead inside the project (the schemas
 * folder, the project root, refRoots) and reported, located, when they do not; never skipped
 * without a word.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers.js";
import { projectWith, toolgen, toolJson } from "./cli-run.js";

const tool = (name: string) => toolJson(name, { type: "object", properties: {} });

describe("symbolic links in the schemas folder", () => {
  it("a link to a file (and to a folder) inside the project is read like the file", async () => {
    const dir = await projectWith({ "shared/b.json": tool("b"), "shared/more/c.json": tool("c"), "schemas/a.json": tool("a") });
    symlinkSync(path.join(dir, "shared", "b.json"), path.join(dir, "schemas", "b.json"));
    symlinkSync(path.join(dir, "shared", "more"), path.join(dir, "schemas", "more"));
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(0);
    const names = (JSON.parse(readFileSync(path.join(dir, "generated", "tools.json"), "utf8")) as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(["a", "b", "c"]);
  });

  it("a link cycle is walked once", async () => {
    const dir = await projectWith({ "schemas/a.json": tool("a") });
    symlinkSync(path.join(dir, "schemas"), path.join(dir, "schemas", "loop"));
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(0);
  });

  it("a link leading out of the project, a dangling link and a FIFO are reported, located", async () => {
    const outside = await tempDir("toolgen-outside-");
    writeFileSync(path.join(outside, "x.json"), tool("x"));
    const dir = await projectWith({ "schemas/a.json": tool("a") });
    symlinkSync(path.join(outside, "x.json"), path.join(dir, "schemas", "out.json"));
    symlinkSync(path.join(dir, "nowhere.json"), path.join(dir, "schemas", "dangling.json"));
    execFileSync("mkfifo", [path.join(dir, "schemas", "pipe.json")]);
    const lint = toolgen(dir, "lint");
    expect(lint.code, lint.stdout + lint.stderr).toBe(1);
    const run = toolgen(dir, "build");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/^schemas\/dangling\.json:1:1: error parse-error: a symbolic link to nothing \(dangling\): not read/m);
    expect(run.stderr).toMatch(/^schemas\/out\.json:1:1: error parse-error: a symbolic link to .*x\.json, outside the schemas folder/m);
    expect(run.stderr).toMatch(/^schemas\/pipe\.json:1:1: error parse-error: not a regular file/m);
  });
});
