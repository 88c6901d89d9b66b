import path from "node:path";
import { describe, expect, it } from "vitest";
import { emit } from "../src/outputs/emit-stage.js";
import { readAssets } from "../src/load/assets.js";
import { bundleTools, loadFolder } from "../src/load/index.js";
import { OUTPUTS } from "../src/catalog.js";
import { deepFreeze, fixture, repoRoot } from "./helpers.js";

describe("the input is never mutated", () => {
  for (const dir of [path.join(repoRoot, "schemas"), fixture("cross-ref", "schemas"), fixture("hostile", "schemas")]) {
    it(`loading, bundling and emitting leave ${path.relative(repoRoot, dir)} untouched`, async () => {
      const loaded = await loadFolder(dir);
      const before = loaded.files.map((f) => JSON.stringify(f.data));
      // Frozen input: any write by the bundler, json-schema-to-typescript or ajv would throw.
      for (const f of loaded.files) deepFreeze(f.data);
      const bundled = await bundleTools(loaded);
      expect(bundled.problems).toEqual([]);
      const { templates, runtime, vendored } = await readAssets();
      await emit(OUTPUTS, {
        tools: bundled.tools,
        templates,
        runtime,
        vendored,
        handlers: new Map(),
        handlersDir: path.join(repoRoot, "handlers"),
        generatedImport: "../generated/index.js",
        handlersImportBase: "../handlers",
      });
      expect(loaded.files.map((f) => JSON.stringify(f.data))).toEqual(before);
    });
  }
});
