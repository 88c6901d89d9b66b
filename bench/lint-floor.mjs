#!/usr/bin/env node
/**
 * The floor for `toolgen lint`: the least any linter of a tool folder must do. It reads every
 * `*.json` file under the folders given, `JSON.parse`s it, and checks the tool name against the
 * API's pattern. Exit 1 when a name is bad, 2 when a file does not parse.
 *
 *   node bench/lint-floor.mjs DIR...
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
let bad = 0;
let broken = 0;
let files = 0;

function visit(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (entry.name.endsWith(".json")) check(full);
  }
}

function check(file) {
  files++;
  let tool;
  try {
    tool = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    broken++;
    process.stderr.write(`${file}: ${error.message}\n`);
    return;
  }
  if (typeof tool?.name !== "string" || !NAME.test(tool.name)) {
    bad++;
    process.stderr.write(`${file}: tool name does not match ${NAME.source}\n`);
  }
}

for (const dir of process.argv.slice(2)) visit(dir);
process.stdout.write(`${files} file(s), ${bad} bad name(s), ${broken} unreadable\n`);
process.exitCode = broken > 0 ? 2 : bad > 0 ? 1 : 0;
