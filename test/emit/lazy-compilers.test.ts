/**
 * A build loads ajv (and its standalone code generator) only for a schema the validator interpreter
 * does not take, and re2js only for a pattern (src/emit/validators.ts): most folders need neither,
 * and loading them cost a cold build about 20 ms of 200. Prettier loads only for a type
 * src/emit/type-layout.ts cannot lay out (json-schema-to-typescript, bundled by cli/bundle.mjs, would
 * load it on every build: 30 ms). Runs the bundled command line (built by test/global-setup.ts) with
 * the load recorder of the start-up tests.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { recordLoads, repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const AJV = /^cjs .*[\\/]node_modules[\\/]ajv[\\/]/;
const RE2JS = /^cjs .*[\\/]node_modules[\\/]re2js[\\/]/;
const PRETTIER = /[\\/]node_modules[\\/]prettier[\\/]/;

/** Builds a project of one tool with `inputSchema` (`toolgen build --no-cache`); what it loaded, and its validator. */
async function build(inputSchema: object): Promise<{ loads: string[]; validator: string; types: string }> {
  const dir = await tempDir("toolgen-lazy-");
  mkdirSync(path.join(dir, "schemas"));
  mkdirSync(path.join(dir, ".git"));
  const tool = { name: "find_order", description: "Finds an order by its id. Use it when the user names an order. It returns the order.", input_schema: inputSchema };
  writeFileSync(path.join(dir, "schemas", "find_order.json"), JSON.stringify(tool, null, 2));
  const run = recordLoads([cli, "build", "--no-cache"], dir, { NO_COLOR: "1" });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.loads.length, "the recorder saw the run").toBeGreaterThan(0);
  const read = (folder: string) => readFileSync(path.join(dir, "generated", folder, "find_order.ts"), "utf8");
  return { loads: run.loads, validator: read("validators"), types: read("types") };
}

const described = (schema: object) => ({ ...schema, description: "The order id, e.g. ORD-0042." });

it("a folder the interpreter takes whole, without a pattern, loads neither ajv nor re2js, nor prettier", async () => {
  const { loads, validator } = await build({ type: "object", properties: { id: described({ type: "string", minLength: 1 }) }, required: ["id"] });
  expect(validator).toContain(`from "../runtime/validate.js"`);
  expect(loads.filter((l) => AJV.test(l) || RE2JS.test(l) || PRETTIER.test(l))).toEqual([]);
});

it("a type the layout does not read (a tsType) loads prettier, which formats it", async () => {
  const { loads, types } = await build({ type: "object", properties: { counts: described({ type: "object", tsType: "Map<string, number>" }) }, required: ["counts"] });
  expect(types).toContain("export interface FindOrderInput {\n  /**\n   * The order id, e.g. ORD-0042.\n   */\n  counts: Map<string, number>;\n}\n");
  expect(loads.some((l) => PRETTIER.test(l))).toBe(true);
});

it("a pattern loads re2js, to check it runs on RE2, and still not ajv", async () => {
  const { loads, validator } = await build({ type: "object", properties: { id: described({ type: "string", pattern: "^ORD-[0-9]{4}$" }) }, required: ["id"] });
  expect(validator).toContain(`import { re2 } from "../runtime/re2.js"`);
  expect(loads.some((l) => RE2JS.test(l))).toBe(true);
  expect(loads.filter((l) => AJV.test(l))).toEqual([]);
});

it("a keyword the interpreter does not imitate (draft-07 `dependencies`) loads ajv, whose standalone code is the validator", async () => {
  // Declared draft-07: with no `$schema` the schema reads as 2020-12, where `dependencies` is no keyword.
  const draft07 = "http://json-schema.org/draft-07/schema#";
  const { loads, validator } = await build({ $schema: draft07, type: "object", properties: { id: described({ type: "string" }), email: described({ type: "string" }) }, dependencies: { email: ["id"] } });
  expect(validator).not.toContain(`from "../runtime/validate.js"`);
  expect(validator).toMatch(/^export const validate: ValidateFunction = /m);
  expect(loads.some((l) => AJV.test(l))).toBe(true);
});
