/**
 * scripts/prepare.mjs takes `prepare` and `postpack` out of package.json only when npm packs the
 * folder. The environments below are what npm 11.19 sets, as seen: `npm install` and `npm ci` in a
 * clone of toolgen set `npm_package_resolved` to the string "null" (through the `toolgen: file:.`
 * devDependency), and taking it for a pack left the clone's package.json modified after the README's
 * contributor command.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

// By URL: a plain ES module of the build, with no types of its own (as cli/bundle.mjs is loaded).
const { packing: isPacking } = (await import(pathToFileURL(path.join(repoRoot, "scripts", "prepare.mjs")).href)) as {
  packing(env: Record<string, string | undefined>): boolean;
};

it("packs for npm pack, npm publish and a git dependency's clone", () => {
  expect(isPacking({ npm_command: "pack", npm_package_resolved: "/work/toolgen" })).toBe(true);
  expect(isPacking({ npm_command: "publish" })).toBe(true);
  expect(isPacking({ npm_command: "install", npm_package_resolved: "/root/.npm/_cacache/tmp/git-cloneAb12Cd" })).toBe(true);
});

it("does not for npm install or npm ci in the clone itself", () => {
  expect(isPacking({ npm_command: "install", npm_package_resolved: "null" })).toBe(false);
  expect(isPacking({ npm_command: "ci", npm_package_resolved: "null" })).toBe(false);
  expect(isPacking({ npm_command: "install" })).toBe(false);
});
