/**
 * The global setup's guard against a stale dist/ (test/global-setup.ts): tsc's incremental build does
 * not notice an emitted file removed by hand, so the setup first lists the source files of src/ and
 * cli/ whose JavaScript is missing, and any there makes the emit whole.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { missingEmit } from "./global-setup.js";
import { repoRoot, tempDir } from "./helpers.js";

it("the repo's dist/ holds the JavaScript of every source file of src/ and cli/ after the setup", () => {
  expect(missingEmit(repoRoot)).toEqual([]);
});

it("names a source file whose JavaScript is missing, in src/ or in a folder of cli/, and not a declaration file", async () => {
  const root = await tempDir();
  for (const file of ["src/a.ts", "src/deep/b.ts", "src/types.d.ts", "cli/c.ts", "cli/sub/d.ts"]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "export {};\n");
  }
  for (const file of ["dist/src/a.js", "dist/src/deep/b.js", "dist/cli/c.js", "dist/cli/sub/d.js"]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "export {};\n");
  }
  expect(missingEmit(root)).toEqual([]);
  await rm(path.join(root, "dist", "src", "deep", "b.js"));
  await rm(path.join(root, "dist", "cli", "c.js"));
  expect(missingEmit(root).sort()).toEqual([path.join("cli", "c.ts"), path.join("src", "deep", "b.ts")]);
});
