import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverFiles, displayPathOf, displayPaths, formatOf, readSources } from "../../src/load/read.js";

describe("displayPaths", () => {
  it("gives what displayPathOf gives, file by file", () => {
    const cwd = path.resolve("/work/project");
    const files = [
      "/work/project/a.json",
      "/work/project/schemas/b.json",
      "/work/project/schemas/deep/c.yaml",
      "/work/other/d.json",
      "/work/e.json",
      "/f.json",
      "/work/project/..odd/g.json",
      "/work/project/schemas/h.json",
    ].map((p) => path.resolve(p));
    expect(displayPaths(files, cwd)).toEqual(files.map((f) => displayPathOf(f, cwd)));
  });
});

describe("readSources", () => {
  it("parses JSON and YAML, records a JSON syntax error with its position, and keeps the order", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolgen-read-"));
    mkdirSync(path.join(dir, "sub"));
    writeFileSync(path.join(dir, "a.json"), '{"name": "a"}');
    writeFileSync(path.join(dir, "sub", "b.yaml"), "name: b\n");
    writeFileSync(path.join(dir, "c.json"), '{\n  "name": "c",\n}');
    writeFileSync(path.join(dir, "d.json"), '\uFEFF{"name": "d"}');
    const paths = ["a.json", "sub/b.yaml", "c.json", "d.json"].map((p) => path.join(dir, p));
    const files = await readSources(paths, dir);
    expect(files.map((f) => f.displayPath)).toEqual(["a.json", "sub/b.yaml", "c.json", "d.json"]);
    expect(files.map((f) => f.data)).toEqual([{ name: "a" }, { name: "b" }, undefined, { name: "d" }]);
    expect(files[2]?.parseError).toMatchObject({ line: 3, column: 1 });
    expect(files.map((f) => f.format)).toEqual(["json", "yaml", "json", "json"]);
  });
});

describe("formatOf", () => {
  it("reads the extension as path.extname does", () => {
    const byExtname = (file: string) => ({ ".json": "json", ".yaml": "yaml", ".yml": "yaml" })[path.extname(file).toLowerCase()];
    const files = [
      "a.json", "A.JSON", "b.yaml", "c.YML", "d.txt", "e", ".json", "dir/.json", "dir\\.json", "..json", "x.json.bak",
      "dir.json/file", "/abs/path/t.yml", "C:\\tools\\t.json", "t.", "t.jsonx", "t.constructor", "t.__proto__", "",
    ];
    for (const file of files) expect(formatOf(file), file).toBe(byExtname(file));
  });
});

describe("discoverFiles", () => {
  it("lists every schema file by its path from the root, in code-unit order, folders walked in place", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolgen-discover-"));
    const names = ["B.json", "a.json", "_x.json", "sub/a.json", "sub-x/a.yaml", "sub.json", "sub/z/y.yml", "é.json", "Z.JSON", "notes.md", ".hidden.json", "node_modules/m.json"];
    for (const name of names) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), "{}");
    }
    const expected = names
      .filter((n) => formatOf(n) && !n.startsWith(".") && !n.startsWith("node_modules/"))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((n) => path.join(dir, n));
    expect(await discoverFiles(dir)).toEqual(expected);
    expect(await discoverFiles(dir + path.sep)).toEqual(expected);
  });
});
