// Preloaded with `node --import`: appends every module the process loads to the file named by
// TOOLGEN_LOAD_LOG, one per line: `esm <url>` from a resolve hook (static and dynamic imports),
// `cjs <path>` from Module._load (require calls, including those inside CommonJS packages), and
// `run <path>` for a file of the bin's that cli/launch.cjs reads to run it itself (its main file and its
// second file, run from V8's kept compiled code rather than through require).
import fs, { appendFileSync } from "node:fs";
import Module, * as moduleApi from "node:module";

const log = process.env.TOOLGEN_LOAD_LOG;
if (!log) throw new Error("record-loads.mjs: set TOOLGEN_LOAD_LOG");

// module.registerHooks (Node 22.15 and later) runs the hook in this thread; module.register, the loader-thread
// form, prints a deprecation warning on Node 26 (DEP0205) that the tests reading stderr would see.
if (typeof moduleApi.registerHooks === "function") {
  moduleApi.registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      appendFileSync(log, `esm ${result.url}\n`);
      return result;
    },
  });
} else {
  moduleApi.register(new URL("./record-loads-hooks.mjs", import.meta.url), import.meta.url);
}

const load = Module._load;
Module._load = function recordLoad(request, parent, isMain) {
  let resolved = request;
  try {
    resolved = Module._resolveFilename(request, parent, isMain);
  } catch {
    // Let the real load report the failure.
  }
  appendFileSync(log, `cjs ${resolved}\n`);
  return load.apply(this, [request, parent, isMain]);
};

const BIN_FILE = /[\\/]dist[\\/]bin[\\/]toolgen-[a-z]+\.cjs$/;
const readFileSync = fs.readFileSync;
fs.readFileSync = function recordRead(file, ...rest) {
  if (typeof file === "string" && BIN_FILE.test(file)) appendFileSync(log, `run ${file}\n`);
  return readFileSync.call(this, file, ...rest);
};
