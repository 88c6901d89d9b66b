/**
 * `diff(base, head)` over bundled tools: tools matched by name (a removed and an added tool with the
 * same schema are a rename), each common tool's schemas compared (compare.ts), and every validation
 * change proved by a witness (witness.ts) or reported as possibly breaking, never as safe.
 */
import type { BundledTool, JsonValue } from "../model.js";
import { isPlainObject } from "../schema/pointer.js";
import { outputSchemaOf } from "../load/bundle-output.js";
import { lowerStrict } from "../targets/openai/strict.js";
import { compareSchemas, equal, type Direction } from "./compare.js";
import { DIFF_RULE_BY_ID, type DiffClass } from "./rules.js";
import { noting, sample, valueKey } from "./sample.js";
import { findWitness, validatorFor, type Sides } from "./witness.js";

export interface Witness {
  /** The whole tool input. */
  input: JsonValue;
  base: "accepts" | "rejects";
  head: "accepts" | "rejects";
}

export interface DiffFinding {
  rule: string;
  class: DiffClass;
  /** breaking: proved by the witness; possibly-breaking: no witness found; changed: a prompt or target change. */
  verdict: "breaking" | "possibly-breaking" | "changed";
  tool: string;
  /** The tool's file on the side that has the node (head, or base for what was removed), as messages show paths. */
  file: string;
  /** JSON pointer into that file. */
  pointer: string;
  message: string;
  witness?: Witness;
}

export interface DiffResult {
  findings: DiffFinding[];
  /** How many tools each side has. */
  tools: { base: number; head: number };
}

const CLASS_OF: Record<Direction, DiffClass> = { callers: "breaking-callers", handlers: "breaking-handlers" };

/** The changes from `base` to `head` (each a side's bundled tools). */
export function diffTools(base: readonly BundledTool[], head: readonly BundledTool[]): DiffResult {
  const findings: DiffFinding[] = [];
  const baseByName = new Map(base.map((t) => [t.name, t]));
  const headByName = new Map(head.map((t) => [t.name, t]));
  const removed = base.filter((t) => !headByName.has(t.name));
  const added = head.filter((t) => !baseByName.has(t.name));
  // A rename: the same name spelt another way (getTinyImage -> get-tiny-image), else the same input schema.
  const renamedTo = new Map<string, BundledTool>();
  for (const same of [(a: BundledTool, r: BundledTool) => spelling(a.name) === spelling(r.name), (a: BundledTool, r: BundledTool) => equal(a.bundledSchema, r.bundledSchema)]) {
    for (const r of removed) {
      if ([...renamedTo.values()].includes(r)) continue;
      const a = added.find((t) => !renamedTo.has(t.name) && same(t, r));
      if (a) renamedTo.set(a.name, r);
    }
  }
  for (const t of removed) {
    const input = noting(() => sample(t.bundledSchema, t.bundledSchema)).value;
    const to = [...renamedTo].find(([, from]) => from === t)?.[0];
    findings.push({
      rule: to === undefined ? "diff/tool-removed" : "diff/tool-renamed",
      class: "breaking-callers",
      verdict: "breaking",
      tool: t.name,
      file: t.source.displayPath,
      pointer: "/name",
      message: to === undefined ? `tool '${t.name}' was removed` : `tool '${t.name}' was renamed to '${to}'`,
      witness: { input, base: "accepts", head: "rejects" },
    });
  }
  for (const t of added) {
    if (renamedTo.has(t.name)) continue;
    const input = noting(() => sample(t.bundledSchema, t.bundledSchema)).value;
    findings.push({ rule: "diff/tool-added", class: "breaking-handlers", verdict: "breaking", tool: t.name, file: t.source.displayPath, pointer: "/name", message: `tool '${t.name}' was added`, witness: { input, base: "rejects", head: "accepts" } });
  }
  for (const h of head) {
    const b = baseByName.get(h.name) ?? renamedTo.get(h.name);
    if (b !== undefined && !sameBytes(b, h)) findings.push(...diffTool(b, h));
  }
  return { findings, tools: { base: base.length, head: head.length } };
}

/**
 * Whether nothing of the tool can differ between the sides, told by its file's bytes alone, before
 * any schema work (no deep compare, no witness, no lowering): the same text on both sides, each
 * schema bundled from that file alone (in place: no other file's bytes went into it), and the same
 * `$schema` on each (a config's `defaultDialect` declares it without changing the text). A tool
 * whose bundle copied another file's schema takes the full comparison.
 */
function sameBytes(b: BundledTool, h: BundledTool): boolean {
  // A tool made in memory with no text (tests, a caller's objects) is never told by its text.
  if (b.source.text === "" || b.source.text !== h.source.text || !bundledInPlace(b) || !bundledInPlace(h)) return false;
  if (b.bundledSchema["$schema"] !== h.bundledSchema["$schema"]) return false;
  return b.bundledOutputSchema?.["$schema"] === h.bundledOutputSchema?.["$schema"];
}

function bundledInPlace(t: BundledTool): boolean {
  return t.bundledSchema === t.inputSchema && (t.bundledOutputSchema === undefined || t.bundledOutputSchema === outputSchemaOf(t)?.schema);
}

/** Keywords whose change a witness must be rejected by (Ajv names its errors by keyword). */
const WITNESS_KEYWORDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "multipleOf", "pattern", "format", "enum", "const", "type", "uniqueItems", "required"]);

function keywordOf(pointer: string): string | undefined {
  // Under not, oneOf and conditionals Ajv reports the combinator, not the keyword inside it.
  if (/\/(not|oneOf|if|then|else)(\/|$)/.test(pointer)) return undefined;
  const last = pointer.slice(pointer.lastIndexOf("/") + 1);
  return WITNESS_KEYWORDS.has(last) ? last : undefined;
}

/** A name without case, separators or a leading "get": how a rename that only respells a name is recognised. */
function spelling(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "").replace(/^get/, "");
}

/** The tool's own document (its file's top level), for the fields beside name, description and input schema. */
function toolDocument(t: BundledTool): Record<string, unknown> {
  const data = t.source.data;
  return isPlainObject(data) && data.name === t.name ? data : {};
}

/** The changes to one tool present on both sides. */
export function diffTool(b: BundledTool, h: BundledTool): DiffFinding[] {
  const out: DiffFinding[] = [];
  const at = (pointer: string) => ({ tool: h.name, file: h.source.displayPath, pointer });
  if (b.description !== h.description) out.push({ rule: "diff/description-changed", class: "prompt", verdict: "changed", ...at("/description"), message: `the tool's description changed` });
  const bDoc = toolDocument(b);
  const hDoc = toolDocument(h);
  for (const key of new Set([...Object.keys(bDoc), ...Object.keys(hDoc)])) {
    if (key === "name" || key === "description" || key === "input_schema" || equal(bDoc[key], hDoc[key])) continue;
    const how = key in bDoc ? (key in hDoc ? "changed" : "removed") : "added";
    if ((key === "output_schema" || key === "outputSchema") && how === "changed" && valueKey(bDoc[key]) === valueKey(hDoc[key])) {
      // The same schema with its keys in another order: no structured result it accepts changes.
      out.push({ rule: "diff/tool-field-changed", class: "prompt", verdict: "changed", ...at(`/${key}`), message: `the MCP output schema's keys were put in another order (the same schema)` });
    } else if (key === "output_schema" || key === "outputSchema") {
      out.push({ rule: "diff/output-schema-changed", class: "breaking-handlers", verdict: "possibly-breaking", ...at(`/${key}`), message: `the MCP output schema was ${how}: the handler's structured results are checked against it (possibly breaking for handlers: no witness is looked for)` });
    } else {
      out.push({ rule: key === "input_examples" ? "diff/examples-changed" : key === "title" ? "diff/title-changed" : "diff/tool-field-changed", class: "prompt", verdict: "changed", ...at(`/${key}`), message: `the tool's '${key}' was ${how}` });
    }
  }
  if (equal(b.bundledSchema, h.bundledSchema)) return out;
  const changes = compareSchemas(b.bundledSchema, h.bundledSchema);
  let sides: Sides | undefined;
  const sidesNow = (): Sides => (sides ??= { baseSchema: b.bundledSchema, headSchema: h.bundledSchema, base: validatorFor(b.bundledSchema).validate, head: validatorFor(h.bundledSchema).validate });
  for (const c of changes) {
    const where = c.rule === "diff/param-removed" || (c.rule === "diff/branch-removed" && c.head === undefined) ? { tool: h.name, file: b.source.displayPath, pointer: `/input_schema${c.pointer}` } : at(`/input_schema${c.pointer}`);
    const rule = DIFF_RULE_BY_ID.get(c.rule);
    if (c.directions.length === 0) {
      out.push({ rule: c.rule, class: rule?.class ?? "prompt", verdict: "changed", ...where, message: c.message });
      continue;
    }
    for (const d of c.directions) {
      const { input, unbuilt } = findWitness(sidesNow(), c.path, c.base, c.head, d, c.focus, keywordOf(c.pointer));
      const cls = CLASS_OF[d];
      const who = d === "callers" ? "callers" : "handlers";
      // A bound past what diff builds or tries is not crossed (sample.ts MAX_BUILT, MAX_SAMPLED, witness.ts MAX_TRIED): the verdict says so.
      const why = unbuilt.length === 0 ? "no witness found" : `no witness found within diff's bounds: ${unbuilt.slice(0, 3).join("; ")}`;
      out.push({
        rule: c.rule,
        class: cls,
        verdict: input === undefined ? "possibly-breaking" : "breaking",
        ...where,
        message: input === undefined ? `${c.message} (possibly breaking for ${who}: ${why})` : c.message,
        ...(input === undefined ? {} : { witness: { input, base: d === "callers" ? "accepts" : "rejects", head: d === "callers" ? "rejects" : "accepts" } }),
      });
    }
  }
  const strictBefore = lowerStrict(b.bundledSchema).problems.some((p) => p.severity === "error");
  if (!strictBefore) {
    const problem = lowerStrict(h.bundledSchema).problems.find((p) => p.severity === "error");
    if (problem !== undefined) out.push({ rule: "diff/openai-strict-lost", class: "target", verdict: "changed", ...at(`/input_schema${problem.pointer}`), message: `no longer lowerable to OpenAI strict mode: ${problem.message}` });
  }
  return out;
}
