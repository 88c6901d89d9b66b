#!/usr/bin/env node
/**
 * `toolgen` (package.json's `bin`; cli/bundle.mjs writes it to dist/bin/toolgen.cjs with the sha256 of
 * the bundled files in place of BUILD_SHA256's placeholder). It runs dist/bin/toolgen-main.cjs, the
 * bundled command line, as Node would run it as a CommonJS module, and its second file,
 * dist/bin/toolgen-more.cjs (the other commands and the code generators), the same way when the main
 * file first requires it, with one difference: V8's compiled code of each file is kept from the first
 * run and reused by the next ones (Node 22's `module.enableCompileCache()`, which Node 20 lacks). A
 * run then neither parses the file nor compiles again each function it calls: about 15 ms of every
 * `toolgen lint`, and about 20 ms more of every `toolgen build` (bench/RESULTS.md, 2026-11-27).
 *
 * The code is kept in the system's temporary folder, in a folder only the user can write to (one
 * that others could write to is not used: compiled code is code): for the main file, one file for
 * `toolgen lint` (the functions a lint runs) and one for the other commands; one for the second file;
 * each per build (the files' sha256 is in the name), folder of the bin (a hash of its path: the
 * compiled code names its file), Node version and architecture. Only a run that
 * ends as a command does (exit 0 or 1) writes them. V8 refuses a damaged file, or one of another V8 or
 * other V8 flags: the code is then compiled anew and the file replaced. Writing one removes the files
 * of other builds unused for a week. `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch for its cache)
 * turns it off. Any failure to read or write it only means no cache. Neither file holds an `import()`
 * (a package either loads on demand is required), which a script run from compiled code cannot
 * resolve on Node 20.
 */
"use strict";
const { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const { tmpdir } = require("node:os");
const path = require("node:path");
const { Script } = require("node:vm");

const MAIN = path.join(__dirname, "toolgen-main.cjs");
const MORE = path.join(__dirname, "toolgen-more.cjs");
const BUILD_SHA256 = "__TOOLGEN_BUILD_SHA256__";
/** The build's part of a cache file's name. */
const BUILD = BUILD_SHA256.slice(0, 32);
/**
 * The bin's folder's part of a cache file's name (a 53-bit hash of the path): two copies of the same
 * build (two checkouts, two node_modules) keep their code apart, since V8's compiled code names the
 * file it was compiled from, and a stack trace would otherwise name the other copy's file.
 */
const PLACE = placeOf(__dirname);

function placeOf(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}
const WEEK = 7 * 24 * 3600 * 1000;

/** Where this build's compiled code of `part` (lint, other or more) is kept for this Node; undefined when it is not to be kept. */
function cacheFile(part) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  try {
    const uid = typeof process.getuid === "function" ? process.getuid() : undefined;
    const dir = path.join(tmpdir(), uid === undefined ? "toolgen-compile-cache" : `toolgen-compile-cache-${uid}`);
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch {
      // There already (checked below), or no temporary folder to make it in.
    }
    const info = lstatSync(dir);
    if (!info.isDirectory()) return undefined;
    if (uid !== undefined && (info.uid !== uid || (info.mode & 0o077) !== 0)) return undefined;
    return path.join(dir, `${BUILD}-${PLACE}-${process.version}-${process.arch}-${part}.v8`);
  } catch {
    return undefined;
  }
}

/** Writes the code compiled so far (on exit: every function this run called), whole or not at all. */
function save(file, script) {
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    const dir = path.dirname(file);
    for (const name of readdirSync(dir)) {
      if (name.startsWith(BUILD)) continue;
      const other = path.join(dir, name);
      if (Date.now() - statSync(other).mtimeMs > WEEK) unlinkSync(other);
    }
  } catch {
    // No cache this time, or an old file left for the next time.
  }
}

/**
 * Runs `filename` as Node runs a CommonJS module, with `require` as its require, from the compiled
 * code kept in the cache file of `part` when V8 takes it; keeps it on exit when there was none or V8
 * refused it. Returns the module's exports.
 */
function run(filename, part, require) {
  const file = cacheFile(part);
  let cachedData;
  if (file !== undefined) {
    try {
      cachedData = readFileSync(file);
    } catch {
      cachedData = undefined;
    }
  }
  // Wrapped as Node wraps a CommonJS module, on the file's first line (its `#!` line, commented out in
  // place, which holds no code), so that lines and columns in a stack are the file's.
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(filename, "utf8").replace(/^#!/, "//")}\n});`;
  const script = new Script(source, { filename, cachedData });
  if (file !== undefined && (cachedData === undefined || script.cachedDataRejected)) {
    process.once("exit", (code) => {
      if (code === 0 || code === 1) save(file, script);
    });
  }
  const module = { exports: {}, filename, id: filename };
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, __dirname);
  return module.exports;
}

// The main file's require: Node's, but the second file is run as the main file is (once).
const requireFromMain = createRequire(MAIN);
let moreExports;
function requireInMain(id) {
  if (id !== "./toolgen-more.cjs") return requireFromMain(id);
  return (moreExports ??= run(MORE, "more", createRequire(MORE)));
}
Object.assign(requireInMain, { resolve: requireFromMain.resolve, cache: requireFromMain.cache, main: requireFromMain.main });
run(MAIN, process.argv[2] === "lint" ? "lint" : "other", requireInMain);
