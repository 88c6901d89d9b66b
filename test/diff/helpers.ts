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

/** A fresh validator for `schema` (its draft from `$schema`), with ajv-formats: not the code diff uses. */
export function ajvFor(schema: JsonObject): (v: unknown) => boolean {
  const { $schema, ...rest } = schema;
  const ajv = typeof $schema === "string" && $schema.includes("2020-12") ? new Ajv2020({ strict: false }) : new Ajv({ strict: false });
  addFormats.default(ajv);
  const fn = ajv.compile(rest);
  return (v) => fn(v) === true;
}

/** Whether a finding's witness is what it says: accepted and rejected as claimed, by both sides' schemas. */
export function witnessHolds(f: DiffFinding, base: JsonObject | undefined, head: JsonObject | undefined): boolean {
  if (f.witness === undefined) return false;
  const accepted = (s: JsonObject | undefined) => (s === undefined ? false : ajvFor(s)(f.witness!.input));
  return accepted(base) === (f.witness.base === "accepts") && accepted(head) === (f.witness.head === "accepts");
}
