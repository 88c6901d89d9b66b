#!/usr/bin/env node
/**
 * Writes src/runtime/vendor/re2js.js: re2js's ES module (node_modules/re2js/build/index.js), laid out
 * within 120 columns, which toolgen vendors into a build's `runtime/re2.ts` (src/emit/validator-files.ts)
 * when a schema has a pattern. re2js ships a bundle with lines up to 3,000 characters; generated code
 * reads as if a careful person wrote it (issue 36), so the copy is prettier's layout of it (print width
 * 120, tabs as re2js has them) with the few lines prettier leaves long split: a JSDoc line wrapped at a
 * space, a lone string argument split into `"..." +` pieces. Only the layout changes, never the code.
 *
 * The first line records the sha256 of the re2js file it was made from; test/emit/vendored-re2.test.ts
 * fails when the installed re2js differs, and tells to run this script again.
 *
 *   node scripts/vendor-re2.mjs
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve("re2js").replace(/index\.cjs$/, "index.js"), "utf8");
const MAX = 120;

/** A line's width as the style test counts it (a tab is one character). */
const long = (line) => line.length > MAX && /\s\S/.test(line.trim());

/** A JSDoc line (` * text`) past 120 columns, wrapped at spaces. */
function wrapDoc(line) {
  const m = /^(\s*\* )(.*)$/.exec(line);
  const out = [];
  let rest = m[2];
  while (m[1].length + rest.length > MAX) {
    const cut = rest.lastIndexOf(" ", MAX - m[1].length);
    if (cut <= 0) break;
    out.push(m[1] + rest.slice(0, cut));
    rest = rest.slice(cut + 1);
  }
  return [...out, m[1] + rest];
}

/** A line that is one double-quoted string (and a comma) past 120 columns, as `"..." +` pieces. */
function splitString(line) {
  const m = /^(\s*)"((?:[^"\\]|\\.)*)"(,?)$/.exec(line);
  const pieces = [];
  let rest = m[2];
  while (m[1].length + rest.length + 6 > MAX) {
    const cut = rest.lastIndexOf(" ", MAX - m[1].length - 6);
    if (cut <= 0) break;
    pieces.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  pieces.push(rest);
  return pieces.map((p, i) => `${m[1]}${i === 0 ? "" : "\t"}"${p}"${i === pieces.length - 1 ? m[3] : " +"}`);
}

export async function vendoredRe2(text) {
  const formatted = await prettier.format(text, { parser: "babel", printWidth: MAX, useTabs: true });
  const lines = formatted.split("\n").flatMap((line) => {
    if (!long(line)) return [line];
    if (/^\s*\* /.test(line)) return wrapDoc(line);
    if (/^\s*"(?:[^"\\]|\\.)*",?$/.test(line)) return splitString(line);
    return [line];
  });
  const left = lines.filter(long);
  if (left.length > 0) throw new Error(`vendor-re2: lines still past ${MAX} columns:\n${left.join("\n")}`);
  const hash = createHash("sha256").update(text).digest("hex");
  return `// re2js ${hash}: laid out by scripts/vendor-re2.mjs\n${lines.join("\n")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.join(root, "src", "runtime", "vendor", "re2js.js");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, await vendoredRe2(source));
  console.log(`wrote ${path.relative(root, out)}`);
}
