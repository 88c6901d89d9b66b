#!/usr/bin/env node
/**
 * The floor for `toolgen diff` (issue 39): the least any differ of two tool folders must do. It
 * reads every `*.json` file under each folder, `JSON.parse`s it, pairs the tools by name and
 * compares each pair with a deep equality. With `--git REV REV`, each side is read from a git
 * revision instead: `git ls-tree` and one `git cat-file --batch`, from memory. Prints the number
 * of tools on each side and of tools that differ.
 *
 *   node bench/diff-floor.mjs BASE_DIR HEAD_DIR
 *   node bench/diff-floor.mjs --git BASE_REV HEAD_REV [PATH]
 */
import { execFileSync } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

function fromFolder(dir, tools = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fromFolder(full, tools);
    else if (entry.name.endsWith(".json")) add(tools, readFileSync(full, "utf8"));
  }
  return tools;
}

function fromRevision(rev, under) {
  const listing = execFileSync("git", ["ls-tree", "-r", "-z", rev, "--", under], { encoding: "utf8", maxBuffer: 1 << 30 });
  const hashes = listing
    .split("\0")
    .filter((e) => e.endsWith(".json"))
    .map((e) => e.slice(0, e.indexOf("\t")).split(" ")[2]);
  const out = execFileSync("git", ["cat-file", "--batch"], { input: hashes.join("\n") + "\n", maxBuffer: 1 << 30 });
  const tools = new Map();
  let at = 0;
  for (let k = 0; k < hashes.length; k++) {
    const nl = out.indexOf(10, at);
    const size = Number(out.subarray(at, nl).toString("latin1").split(" ")[2]);
    add(tools, out.subarray(nl + 1, nl + 1 + size).toString("utf8"));
    at = nl + 2 + size;
  }
  return tools;
}

function add(tools, text) {
  const tool = JSON.parse(text);
  tools.set(tool.name, tool);
}

const args = process.argv.slice(2);
const [base, head] = args[0] === "--git" ? [fromRevision(args[1], args[3] ?? "."), fromRevision(args[2], args[3] ?? ".")] : [fromFolder(args[0]), fromFolder(args[1])];
let changed = 0;
for (const name of new Set([...base.keys(), ...head.keys()])) if (!isDeepStrictEqual(base.get(name), head.get(name))) changed++;
process.stdout.write(`${base.size} and ${head.size} tool(s), ${changed} differ\n`);
