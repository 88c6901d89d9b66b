/** Lint rule `input-examples-valid` (docs/rules/input-examples-valid.md): an `input_examples` entry does not validate against the tool's `input_schema`. */
import type { ErrorObject, ValidateFunction } from "ajv";
import { joinPointer, splitPointer } from "../../schema/pointer.js";
import type { JsonObject } from "../../model.js";
import { exampleCompiler } from "../meta/example-compiler.js";
import { defineRule } from "../rule.js";

/**
 * Each `input_examples` entry must be an input the tool accepts: an example that teaches the model a
 * wrong call is worse than none. Checked with Ajv over the tool's bundled schema, as the generated
 * validators check real input (2020-12 unless `$schema` names draft-07 or earlier: schema/dialect.ts; formats
 * as runtime/formats.ts checks them; patterns on RE2, so no example can make the linter backtrack).
 * Ajv is loaded only for a folder with examples. A schema Ajv cannot compile is left to
 * `schema-valid` and `pattern-supported`.
 */
export default defineRule({
  meta: {
    id: "input-examples-valid",
    defaultSeverity: "error",
    description: "An `input_examples` entry does not validate against the tool's `input_schema`.",
    messages: {
      invalid: "input example {{index}} does not match input_schema: {{where}}{{problem}}",
      unchecked: "input example {{index}} could not be checked against input_schema ({{why}}); simplify it",
    },
  },
  async check(ctx) {
    let compile: ((schema: JsonObject) => ValidateFunction | undefined) | undefined;
    for (const tool of ctx.tools) {
      const examples = tool.data.input_examples;
      if (!Array.isArray(examples) || examples.length === 0 || tool.bundledSchema === undefined) continue;
      compile ??= await exampleCompiler();
      const validate = compile(tool.bundledSchema);
      if (validate === undefined) continue;
      examples.forEach((example, index) => {
        // Wrong types (not an object) are tool-field-type's.
        if (example === null || typeof example !== "object" || Array.isArray(example)) return;
        let valid: boolean;
        try {
          valid = validate(example) === true;
        } catch (error) {
          // A stack overflow on an example nested deeper than the engine's stack: say so, never crash.
          ctx.report({ tool, pointer: `/input_examples/${index}`, messageId: "unchecked", data: { index, why: error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200) } });
          return;
        }
        if (valid) return;
        const error = firstError(validate.errors ?? []);
        if (error === undefined) return;
        const path = instancePathOf(error);
        ctx.report({
          tool,
          pointer: joinPointer(`/input_examples/${index}`, ...path),
          messageId: "invalid",
          data: { index, where: path.length === 0 ? "" : `\`${path.join(".")}\` `, problem: `${error.message ?? "is not valid"}${detail(error)}` },
        });
      });
    }
  },
});

/** The error to show: the deepest one (the most specific), first in document order among equals. */
function firstError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  let best: ErrorObject | undefined;
  for (const e of errors) if (best === undefined || instancePathOf(e).length > instancePathOf(best).length) best = e;
  return best;
}

/** The example's keys down to the error (for `required`/`additionalProperties`, down to the named property). */
function instancePathOf(error: ErrorObject): string[] {
  const path = splitPointer(error.instancePath);
  const params = error.params as { additionalProperty?: string };
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") path.push(params.additionalProperty);
  return path;
}

function detail(error: ErrorObject): string {
  const params = error.params as { allowedValues?: unknown[] };
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) return ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(", ").slice(0, 200)})`;
  return "";
}
