/** Lint rule `schema-max-depth` (docs/rules/schema-max-depth.md): objects are nested deeper than the seeds advise (3 levels, counting input_schema, by default). */
import { defineRule, type SchemaDocument, type ToolDocument } from "../rule.js";
import { isPlainObject } from "../../schema/pointer.js";
import { subschemaList } from "../../schema/keywords.js";
import { resolveLocal } from "../../schema/refs.js";
import { childPointer, forEachSubschema, isObjectSchema, schemaFacts, type SchemaObject } from "../schema-walk.js";

type Report = (pointer: string, depth: number, via: boolean) => void;

export default defineRule({
  meta: {
    id: "schema-max-depth",
    defaultSeverity: "warning",
    description: "Objects are nested deeper than the seeds advise (3 levels, counting input_schema, by default).",
    messages: {
      deep: "object nested {{depth}} levels deep (at most {{max}}, counting input_schema as 1): flatten the input schema, deeply nested objects are harder for the model to fill in",
      deepVia: "this $ref leads to an object nested {{depth}} levels deep (at most {{max}}, counting input_schema as 1): flatten the input schema, deeply nested objects are harder for the model to fill in",
    },
    options: {
      max: { description: "the most levels of nested objects, input_schema being level 1", default: 3, minimum: 1 },
    },
  },
  check(ctx) {
    const max = ctx.options.max;
    for (let i = 0; i < ctx.schemas.length; i++) {
      const doc = ctx.schemas[i]!;
      const tool = doc.tool;
      if (!tool) continue;
      // Made at the first finding: most documents have none.
      let reported: Set<string> | undefined;
      const report: Report = (pointer, depth, via) => {
        reported ??= new Set();
        if (reported.has(pointer)) return;
        reported.add(pointer);
        ctx.report({ tool, pointer, messageId: via ? "deepVia" : "deep", data: { depth, max } });
      };
      // The shared walk of the schema as written serves when bundling copied nothing into it.
      if ((tool.bundledSchema ?? tool.inputSchema) === doc.schema) measureNodes(doc, max, report);
      else measure(tool, max, report);
    }
  },
});

/**
 * measure() over the document's shared walk: each node outside definitions whose parent is not
 * already too deep is on a path the API sees; references are followed from there by measure()'s walk.
 */
function measureNodes(doc: SchemaDocument, max: number, report: Report): void {
  const root = doc.schema;
  const facts = schemaFacts(doc);
  // Within `max` outside definitions (the usual case): only a `$ref` can lead deeper, and each node
  // that has one is within `max`, as is its parent.
  const nodes = facts.maxObjectDepth > max ? facts.nodes : facts.withRefs;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.inDefinitions || (node.parent?.objectDepth ?? 0) > max) continue;
    const depth = node.objectDepth;
    if (depth > max) report(node.pointer, depth, false);
    else if (typeof node.ref === "string") {
      const target = resolveLocal(root, node.ref);
      if (isPlainObject(target)) walkDepth(root, target, depth, childPointer(node.pointer, "$ref"), max, report);
    }
  }
}

/**
 * Walks the schema the API sees (references followed, definitions reached only through them),
 * counting object schemas along each path. A path stops at its first object deeper than `max`; once
 * a `$ref` has been followed, findings are reported at that `$ref` (in the tool's file), and a
 * reference already being followed on the path is not followed again (a recursive schema is not
 * infinitely deep). Pointers are built only for findings.
 */
function measure(tool: ToolDocument, max: number, report: Report): void {
  const root: unknown = tool.bundledSchema ?? tool.inputSchema;
  if (isPlainObject(root)) walkDepth(root, root, 0, undefined, max, report);
}

/**
 * The most object schemas along any path from a node (itself included), following `$ref`s and
 * subschemas (definitions only through a `$ref`). Memoised per node, so chains of
 * `anyOf: [{$ref: next}, {$ref: next}]` take linear time; the one cycle rule of the schema module
 * applies (a node already on the path adds nothing: a recursive schema is not infinitely deep).
 */
class Heights {
  readonly #memo = new Map<object, number>();
  readonly #open = new Set<object>();
  constructor(readonly root: unknown) {}

  of(node: SchemaObject): number {
    const known = this.#memo.get(node);
    if (known !== undefined) return known;
    if (this.#open.has(node)) return 0;
    this.#open.add(node);
    let below = 0;
    const ref = node.$ref;
    if (typeof ref === "string") {
      const target = resolveLocal(this.root, ref);
      if (isPlainObject(target)) below = this.of(target);
    }
    const children = subschemaList(node, false);
    for (let i = 0; i < children.length; i++) below = Math.max(below, this.of(children[i]!));
    this.#open.delete(node);
    const height = (isObjectSchema(node) ? 1 : 0) + below;
    this.#memo.set(node, height);
    return height;
  }
}

const heightsByRoot = new WeakMap<object, Heights>();

function heightsFor(root: unknown): Heights {
  if (!isPlainObject(root)) return new Heights(root);
  let heights = heightsByRoot.get(root);
  if (heights === undefined) {
    heights = new Heights(root);
    heightsByRoot.set(root, heights);
  }
  return heights;
}

/**
 * measure()'s walk from `start`, under `outer` levels of objects: `via` is the `$ref` findings are
 * reported at once one was followed (before that, each at its own pointer). A path stops at its
 * first object deeper than `max`, which is always `max + 1` deep; a subtree whose height keeps it
 * within `max` is not entered, and once a `$ref` was followed the one finding is reported at it.
 */
function walkDepth(root: unknown, start: SchemaObject, outer: number, via: string | undefined, max: number, report: Report): void {
  const heights = heightsFor(root);
  /** Tokens from `/input_schema` to the node being visited, while no `$ref` has been followed. */
  const path: (string | number)[] = [];
  const here = (...more: string[]) => [...path, ...more].reduce<string>((at, token) => childPointer(at, token), "/input_schema");
  const visit = (node: SchemaObject, outer: number): void => {
    if (outer + heights.of(node) <= max) return;
    const depth = outer + (isObjectSchema(node) ? 1 : 0);
    if (via !== undefined || depth > max) {
      report(via ?? here(), max + 1, via !== undefined);
      return;
    }
    const ref = node.$ref;
    if (typeof ref === "string") {
      const target = resolveLocal(root, ref);
      if (isPlainObject(target) && depth + heights.of(target) > max) report(here("$ref"), max + 1, true);
    }
    forEachSubschema(node, false, (child, keyword, key) => {
      path.push(keyword);
      if (key !== undefined) path.push(key);
      visit(child, depth);
      if (key !== undefined) path.pop();
      path.pop();
    });
  };
  visit(start, outer);
}
