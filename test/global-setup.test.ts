/**
 * The build's guards against a stale dist/ (scripts/built-from.mjs, read by scripts/build.mjs and
 * test/global-setup.ts): tsc's incremental build does not notice an emitted file removed by hand, so
 * the build first lists the source files of src/ and cli/ whose JavaScript is missing, and any there
 * makes the emit whole. Its key of the build's inputs lets `npm run build` and a test run skip the
 * build when nothing changed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { builtFromCurrent, missingEmit } from "../scripts/built-from.mjs";
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

it("dist/.built-from holds the key of the sources after the setup, and the key follows every input of the build", async () => {
  const { buildInputsKey, builtFromPath } = await import("../scripts/built-from.mjs");
  expect(readFileSync(builtFromPath(repoRoot), "utf8")).toBe(buildInputsKey(repoRoot));
  const root = await tempDir();
  for (const file of ["src/a.ts", "cli/b.mjs", "templates/c.hbs", "docs/lint.md", "package.json"]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "x\n");
  }
  const before = buildInputsKey(root);
  expect(buildInputsKey(root)).toBe(before);
  for (const [file, text] of [["src/a.ts", "y\n"], ["src/deep/new.ts", "x\n"], ["package-lock.json", "{}\n"], ["templates/c.hbs", "x \n"]]) {
    await mkdir(path.dirname(path.join(root, file!)), { recursive: true });
    const old = existsSync(path.join(root, file!)) ? readFileSync(path.join(root, file!), "utf8") : undefined;
    await writeFile(path.join(root, file!), text!);
    expect(buildInputsKey(root), file).not.toBe(before);
    if (old === undefined) await rm(path.join(root, file!));
    else await writeFile(path.join(root, file!), old);
    expect(buildInputsKey(root), file).toBe(before);
  }
});

it("dist/ is current only when the key matches and the bin and every source file's JavaScript are there", async () => {
  const { buildInputsKey, builtFromPath } = await import("../scripts/built-from.mjs");
  const root = await tempDir();
  for (const file of ["src/a.ts", "cli/b.ts", "templates/c.hbs", "docs/lint.md", "dist/src/a.js", "dist/cli/b.js", "dist/bin/toolgen.cjs", "dist/bin/toolgen-main.cjs", "dist/bin/toolgen-more.cjs", "dist/bin/THIRD-PARTY-LICENSES.txt"]) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "x\n");
  }
  expect(builtFromCurrent(root)).toBe(false);
  await writeFile(builtFromPath(root), buildInputsKey(root));
  expect(builtFromCurrent(root)).toBe(true);
  await writeFile(path.join(root, "src", "a.ts"), "y\n");
  expect(builtFromCurrent(root)).toBe(false);
  await writeFile(builtFromPath(root), buildInputsKey(root));
  expect(builtFromCurrent(root)).toBe(true);
  await rm(path.join(root, "dist", "bin", "toolgen-more.cjs"));
  expect(builtFromCurrent(root)).toBe(false);
  await writeFile(path.join(root, "dist", "bin", "toolgen-more.cjs"), "x\n");
  await rm(path.join(root, "dist", "bin", "THIRD-PARTY-LICENSES.txt"));
  expect(builtFromCurrent(root)).toBe(false);
  await writeFile(path.join(root, "dist", "bin", "THIRD-PARTY-LICENSES.txt"), "x\n");
  await rm(path.join(root, "dist", "src", "a.js"));
  expect(builtFromCurrent(root)).toBe(false);
});

it("npm run build (scripts/build.mjs) builds nothing when dist/ is current, and says so", () => {
  const bin = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
  const before = statSync(bin).mtimeMs;
  const r = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "build.mjs")], { cwd: repoRoot, encoding: "utf8" });
  expect(r.stderr).toBe("");
  expect(r.stdout).toBe("build: dist/ is current (dist/.built-from matches the sources): nothing to build; --force builds it again\n");
  expect(r.status).toBe(0);
  expect(statSync(bin).mtimeMs).toBe(before);
});

it("npm ci's prepare (scripts/prepare.mjs) on a current dist/ prints no 'nothing to build' (issue 37 item 10)", () => {
  // npm ci runs prepare twice in a clone (for the root, and for its `toolgen: file:.` devDependency):
  // the second found dist/ current and said "nothing to build" right after the build's output.
  const bin = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
  const before = statSync(bin).mtimeMs;
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.npm_package_resolved;
  delete env.npm_command;
  const r = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "prepare.mjs")], { cwd: repoRoot, encoding: "utf8", env });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).not.toContain("nothing to build");
  expect(statSync(bin).mtimeMs).toBe(before);
});
