/**
 * The compiler `input-examples-valid` and `toolgen eval` check example inputs with: Ajv over a bundled
 * schema, as the generated validators check real input. Here, beside the other meta-validators, so
 * that a command or the search's eval uses it without importing a rule file.
 */
import type { Options, ValidateFunction } from "ajv";
import type { JsonObject } from "../../model.js";
import { readsAs2020 } from "../../schema/dialect.js";
import { formats } from "../../runtime/formats.js";
import { toRe2Syntax } from "../../runtime/pattern.js";

/** An Ajv compiler of bundled schemas as the generated validators check (also `toolgen eval`'s expected arguments). */
export async function exampleCompiler(): Promise<(schema: JsonObject) => ValidateFunction | undefined> {
  const [{ Ajv }, { Ajv2020 }, { RE2JS }] = await Promise.all([import("ajv"), import("ajv/dist/2020.js"), import("re2js")]);
  const regExp = Object.assign((pattern: string) => {
    const compiled = RE2JS.compile(toRe2Syntax(pattern));
    return { test: (s: string): boolean => compiled.test(s) };
  }, { code: "re2" });
  const options: Options = { allErrors: true, strict: false, ownProperties: true, validateFormats: true, formats, logger: false, validateSchema: false, code: { regExp } };
  return (bundled) => {
    const { $id: _id, $schema, ...schema } = bundled;
    const draft2020 = readsAs2020(bundled);
    try {
      return (draft2020 ? new Ajv2020(options) : new Ajv(options)).compile(schema);
    } catch {
      return undefined;
    }
  };
}
