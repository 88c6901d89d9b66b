/**
 * Issue 36: the toolsets output is built with the default ones when the config gives "toolsets" and no
 * "outputs", by its own declaration (`impliedBy`), not by a rule in build/options.ts naming it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { build } from "../../src/pipeline.js";
import { fixture, project } from "../helpers.js";

it("only the toolsets output declares a setting that implies it", () => {
  expect(OUTPUTS.filter((o) => (o.impliedBy ?? []).length > 0).map((o) => [o.id, o.impliedBy!.map((s) => s.key)])).toEqual([["toolsets", ["toolsets"]]]);
});

it.each([
  ["toolsets given", { toolsets: { all: ["*"] } }, true],
  ["no toolsets", {}, false],
  ["toolsets given, and outputs that leave it out", { toolsets: { all: ["*"] }, outputs: ["native", "types", "validators", "runtime", "index", "handlers"] }, false],
] as const)("%s: toolsets/all.ts built: %s", async (_name, given, built) => {
  const p = await project(fixture("openai", "schemas"));
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, refRoots: [p.dir], lint: false, cache: false, ...given } as never);
  expect(existsSync(path.join(p.out, "toolsets", "all.ts"))).toBe(built);
  expect(existsSync(path.join(p.out, "runtime", "toolset.ts"))).toBe(built);
  // The default outputs are built either way, the other opt-in ones not.
  expect(existsSync(path.join(p.out, "index.ts"))).toBe(true);
  expect(existsSync(path.join(p.out, "openai.ts"))).toBe(false);
});
