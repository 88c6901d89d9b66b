/**
 * Validates each schema against its dialect's meta-schema (draft-07 unless `$schema` names 2019-09 or
 * 2020-12) with Ajv; for draft-07, also each subschema under a keyword that meta-schema does not know
 * (`$defs`, `dependentSchemas`, `prefixItems`, ...), since Ajv compiles those too (issue 11.1), without compiling the schema itself (see ../meta/validators.ts). A draft-07 schema
 * the fast path (../meta/draft-07-fast.ts, tested against Ajv) vouches for skips Ajv. Regular expressions
 * (`pattern`, `patternProperties` keys) are also compiled, as Ajv does not check `format: "regex"` here.
 */
import type { ErrorObject } from "ajv";
import { getByPointer, isPlainObject, splitPointer } from "../../load/pointer.js";
import { dialectOf, DRAFT_07 } from "../meta/dialects.js";
import { surelyValidDraft07 } from "../meta/draft-07-fast.js";
import { defineRule } from "../rule.js";
import { childPointer, schemaFacts } from "../schema-walk.js";

export default defineRule({
  meta: {
    id: "schema-valid",
    defaultSeverity: "error",
    description: "The schema is not a valid JSON Schema (checked against its meta-schema: draft-07 unless `$schema` names 2019-09 or 2020-12).",
    messages: {
      invalid: "not a valid JSON Schema ({{dialect}}): `{{keyword}}` {{problem}}",
      dialect: "unsupported $schema {{found}}: use draft-07 (the default), 2019-09 or 2020-12",
      regex: "`{{keyword}}` is not a valid regular expression: {{problem}}",
    },
  },
  async check(ctx) {
    /** Loaded only for a schema the fast path cannot vouch for (Ajv's draft-07 validator is 30 kB of code). */
    let validators: typeof import("../meta/validators.js") | undefined;
    /** Each distinct regular expression's problem ("" when it compiles), found once per run. */
    const regexProblems = new Map<string, string>();
    const regexProblemOf = (source: string): string => {
      let problem = regexProblems.get(source);
      if (problem === undefined) regexProblems.set(source, (problem = regexProblem(source) ?? ""));
      return problem;
    };
    for (const doc of ctx.schemas) {
      const report = (pointer: string, messageId: string, data: Record<string, string>) =>
        ctx.report({ file: doc.file, tool: doc.tool, pointer, messageId, data });
      const dialect = dialectOf(doc.schema.$schema);
      if (!dialect) {
        report(childPointer(doc.pointer, "$schema"), "dialect", { found: JSON.stringify(doc.schema.$schema) });
        continue;
      }
      // The document, then (draft-07) each subschema under a keyword its meta-schema does not walk
      // into, which Ajv compiles all the same: `$defs` and the 2019-09 / 2020-12 keywords.
      // (A node's pointer is built only when it has something to report.)
      const roots: { schema: Record<string, unknown>; readonly pointer: string }[] = [{ schema: doc.schema, pointer: doc.pointer }];
      const facts = schemaFacts(doc);
      if (dialect === DRAFT_07) {
        for (const node of facts.beyondDraft07) roots.push({ schema: node.node, get pointer() { return node.pointer; } });
      }
      for (const root of roots) {
        if (dialect === DRAFT_07 && surelyValidDraft07(root.schema)) continue;
        validators ??= await import("../meta/validators.js");
        const errors: readonly ErrorObject[] = validators.metaSchemaErrors(dialect, root.schema);
        if (errors.length === 0) continue;
        for (const error of summarize(errors)) {
          const found = getByPointer(root.schema, error.instancePath);
          report(root.pointer + error.instancePath, "invalid", {
            dialect: dialect.name,
            keyword: keywordLabel(error.instancePath),
            problem: `${error.problem} (found ${JSON.stringify(found)})`,
          });
        }
      }
      for (const node of facts.withPatterns) {
        if (typeof node.pattern === "string") {
          const problem = regexProblemOf(node.pattern);
          if (problem) report(childPointer(node.pointer, "pattern"), "regex", { keyword: "pattern", problem });
        }
        if (node.patternProperties) {
          for (const key of Object.keys(node.patternProperties)) {
            const problem = regexProblemOf(key);
            if (problem) report(childPointer(childPointer(node.pointer, "patternProperties"), key), "regex", { keyword: "patternProperties", problem });
          }
        }
      }
    }
  },
});

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
