/** Helpers for the diff tests: in-memory bundled tools, and an independent Ajv check of a witness. */
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { BundledTool, JsonObject } from "../../src/model.js";
import type { DiffFinding } from "../../src/diff/engine.js";

export function tool(name: string, schema: JsonObject, description = `Does ${name}.`): BundledTool {
  const source = { absPath: `/x/${name}.json`, displayPath: `schemas/${name}.json`, format: "json" as const, text: "" };
  return { name, description, inputSchema: schema, source, bundledSchema: schema };
}

/**
 * One Ajv per draft for these checks, with ajv-formats: not the instances diff uses. A schema's `$id`
 * is not kept between compiles (`addUsedSchema: false`), so every schema is compiled on its own, as a
 * fresh instance would; a new instance per schema cost diff/table.test.ts 4 s of its 5.
 */
let ajv07: Ajv | undefined;
let ajv2020: Ajv2020 | undefined;
const OPTIONS = { strict: false, addUsedSchema: false };

/** A validator for `schema` (its draft from `$schema`). */
export function ajvFor(schema: JsonObject): (v: unknown) => boolean {
  const { $schema, ...rest } = schema;
  const ajv = typeof $schema === "string" && $schema.includes("2020-12") ? (ajv2020 ??= withFormats(new Ajv2020(OPTIONS))) : (ajv07 ??= withFormats(new Ajv(OPTIONS)));
  const fn = ajv.compile(rest);
  ajv.removeSchema(rest); // the instance keeps no compiled schema: only this function holds it
  return (v) => fn(v) === true;
}

function withFormats<T extends Parameters<typeof addFormats.default>[0]>(ajv: T): T {
  addFormats.default(ajv);
  return ajv;
}

/** Whether a finding's witness is what it says: accepted and rejected as claimed, by both sides' schemas. */
export function witnessHolds(f: DiffFinding, base: JsonObject | undefined, head: JsonObject | undefined): boolean {
  if (f.witness === undefined) return false;
  const accepted = (s: JsonObject | undefined) => (s === undefined ? false : ajvFor(s)(f.witness!.input));
  return accepted(base) === (f.witness.base === "accepts") && accepted(head) === (f.witness.head === "accepts");
}
