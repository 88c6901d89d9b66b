/**
 * Validates each schema against its dialect's meta-schema (draft-07 unless `$schema` names 2019-09 or
 * 2020-12) with Ajv; for draft-07, also each subschema under a keyword that meta-schema does not know
 * (`$defs`, `dependentSchemas`, `prefixItems`, ...), since Ajv compiles those too (issue 11.1), without compiling the schema itself (see ../meta/validators.ts). A draft-07 schema
 * the fast path (../meta/draft-07-fast.ts, tested against Ajv) vouches for skips Ajv. Regular expressions
 * (`pattern`, `patternProperties` keys) are also compiled, as Ajv does not check `format: "regex"` here.
 */
import type { ErrorObject } from "ajv";
import { getByPointer, isPlainObject, splitPointer } from "../../schema/pointer.js";
import { dialectOf, DRAFT_07, type Dialect } from "../meta/dialects.js";
import { surelyValidDraft07 } from "../meta/draft-07-fast.js";
import { defineRule, type SchemaDocument } from "../rule.js";
import { childPointer, type SchemaNode } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "schema-valid",
    defaultSeverity: "error",
    description: "The schema is not a valid JSON Schema (checked against its meta-schema: draft-07 unless `$schema` names 2019-09 or 2020-12).",
    messages: {
      invalid: "not a valid JSON Schema ({{dialect}}): `{{keyword}}` {{problem}}",
      dialect: "unsupported $schema {{found}}: use 2020-12 (the default), 2019-09 or draft-07",
      regex: "`{{keyword}}` is not a valid regular expression: {{problem}}",
    },
  },
  create(ctx) {
    /** Loaded only for a schema the fast path cannot vouch for (Ajv's draft-07 validator is 30 kB of code). */
    let validators: typeof import("../meta/validators.js") | undefined;
    /** Each distinct regular expression's problem ("" when it compiles), found once per run. */
    const regexProblems = new Map<string, string>();
    const regexProblemOf = (source: string): string => {
      let problem = regexProblems.get(source);
      if (problem === undefined) regexProblems.set(source, (problem = regexProblem(source) ?? ""));
      return problem;
    };
    /** Ajv's verdict on one root the fast path cannot vouch for, reported at `pointer` (built only then). */
    const checkWithAjv = async (doc: SchemaDocument, dialect: Dialect, schema: Record<string, unknown>, pointer: () => string) => {
      validators ??= await import("../meta/validators.js");
      const errors: readonly ErrorObject[] = validators.metaSchemaErrors(dialect, schema);
      if (errors.length === 0) return;
      const at = pointer();
      for (const error of summarize(errors)) {
        const found = getByPointer(schema, error.instancePath);
        ctx.report({
          file: doc.file,
          tool: doc.tool,
          pointer: at + error.instancePath,
          messageId: "invalid",
          data: { dialect: dialect.name, keyword: keywordLabel(error.instancePath), problem: `${error.problem} (found ${JSON.stringify(found)})` },
        });
      }
    };
    // What the walk of the current document found: its dialect, the subschemas under a keyword the
    // draft-07 meta-schema does not walk into, and the nodes with regular expressions.
    let dialect: Dialect | undefined;
    const beyondDraft07: SchemaNode[] = [];
    const withPatterns: SchemaNode[] = [];
    const reportRegexProblems = (doc: SchemaDocument): void => {
      for (let k = 0; k < withPatterns.length; k++) {
        const node = withPatterns[k]!;
        if (typeof node.pattern === "string") {
          const problem = regexProblemOf(node.pattern);
          if (problem) ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(node.pointer, "pattern"), messageId: "regex", data: { keyword: "pattern", problem } });
        }
        if (node.patternProperties) {
          for (const key in node.patternProperties) {
            const problem = regexProblemOf(key);
            if (!problem) continue;
            const pointer = childPointer(childPointer(node.pointer, "patternProperties"), key);
            ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId: "regex", data: { keyword: "patternProperties", problem } });
          }
        }
      }
    };
    return {
      document(doc) {
        dialect = dialectOf(doc.schema.$schema);
        if (!dialect) {
          const found = JSON.stringify(doc.schema.$schema);
          ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(doc.pointer, "$schema"), messageId: "dialect", data: { found } });
          return false;
        }
        beyondDraft07.length = 0;
        withPatterns.length = 0;
        return true;
      },
      schema(node) {
        if (node.parent !== undefined && dialect === DRAFT_07 && !DRAFT_07_SUBSCHEMAS.has(node.keyword)) beyondDraft07.push(node);
      },
      pattern(node) {
        withPatterns.push(node);
      },
      // The document, then (draft-07) each subschema under a keyword its meta-schema does not walk
      // into, which Ajv compiles all the same: `$defs` and the 2019-09 / 2020-12 keywords. A promise
      // only when some root needs Ajv (most documents: the fast path vouches for them).
      documentEnd(doc) {
        const at = dialect!;
        const forAjv: Array<[schema: Record<string, unknown>, pointer: () => string]> = [];
        if (at !== DRAFT_07 || !surelyValidDraft07(doc.schema)) forAjv.push([doc.schema, () => doc.pointer]);
        for (let k = 0; k < beyondDraft07.length; k++) {
          const node = beyondDraft07[k]!;
          if (!surelyValidDraft07(node.node)) forAjv.push([node.node, () => node.pointer]);
        }
        if (forAjv.length === 0) return reportRegexProblems(doc);
        return (async () => {
          for (const [schema, pointer] of forAjv) await checkWithAjv(doc, at, schema, pointer);
          reportRegexProblems(doc);
        })();
      },
    };
  },
});

/** The keywords whose subschemas the draft-07 meta-schema validates in place (the others are validated one by one). */
const DRAFT_07_SUBSCHEMAS: ReadonlySet<string> = new Set([
  "additionalItems", "items", "contains", "additionalProperties", "definitions", "properties", "patternProperties",
  "dependencies", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
]);

/** `/properties/a/type/1` -> `type[1]`; `/properties/a/required` -> `required`. */
function keywordLabel(instancePath: string): string {
  const tokens = splitPointer(instancePath);
  const last = tokens[tokens.length - 1];
  if (last === undefined) return "(schema)";
  const previous = tokens[tokens.length - 2];
  return /^\d+$/.test(last) && previous !== undefined ? `${previous}[${last}]` : last;
}

function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source, "u");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * One problem per place: errors explained by a deeper error are dropped, `anyOf`/`oneOf` wrappers are
 * dropped when their branches say more, the types of a `type` mismatch are merged, and an `enum`
 * lists its allowed values.
 */
function summarize(errors: readonly ErrorObject[]): { instancePath: string; problem: string }[] {
  const paths = new Set(errors.map((e) => e.instancePath));
  const deepest = [...paths].filter((p) => ![...paths].some((q) => q !== p && q.startsWith(p + "/")));
  return deepest.map((instancePath) => {
    const here = errors.filter((e) => e.instancePath === instancePath);
    const specific = here.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf" && e.keyword !== "if");
    const pick = specific.length > 0 ? specific : here;
    const enumError = pick.find((e) => e.keyword === "enum");
    if (enumError) {
      const allowed = (enumError.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      return { instancePath, problem: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}` };
    }
    const types = pick.filter((e) => e.keyword === "type").flatMap((e) => [(e.params as { type: string | string[] }).type].flat());
    if (types.length > 0) return { instancePath, problem: `must be ${[...new Set(types)].join(" or ")}` };
    return { instancePath, problem: pick[0]?.message ?? "is invalid" };
  });
}
