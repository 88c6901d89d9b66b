/** Lint rule `schema-max-depth` (docs/rules/schema-max-depth.md): objects are nested deeper than the seeds advise (3 levels, counting input_schema, by default). */
import { defineRule, type ToolDocument } from "../rule.js";
import { isPlainObject } from "../../schema/pointer.js";
import { subschemaList } from "../../schema/keywords.js";
import { resolveLocal, SchemaValues } from "../../schema/refs.js";
import { childPointer, forEachSubschema, isObjectSchema, type SchemaObject } from "../schema-walk.js";

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
  create(ctx) {
    const max = ctx.options.max;
    // The pointers reported in the current document (made at its first finding: most have none).
    let reported: Set<string> | undefined;
    let report: Report = () => undefined;
    return {
      document(doc) {
        const tool = doc.tool;
        if (!tool) return false;
        reported = undefined;
        report = (pointer, depth, via) => {
          reported ??= new Set();
          if (reported.has(pointer)) return;
          reported.add(pointer);
          ctx.report({ tool, pointer, messageId: via ? "deepVia" : "deep", data: { depth, max } });
        };
        // The walk of the schema as written serves when bundling copied nothing into it; else the
        // schema the API sees is measured on its own.
        if ((tool.bundledSchema ?? tool.inputSchema) === doc.schema) return true;
        measure(tool, max, report);
        return false;
      },
      // Each node outside definitions whose parent is not already too deep is on a path the API sees;
      // references are followed from there by measure()'s walk.
      schema(node, doc) {
        if (node.inDefinitions || (node.parent?.objectDepth ?? 0) > max) return;
        const depth = node.objectDepth;
        if (depth > max) report(node.pointer, depth, false);
        else if (typeof node.ref === "string") {
          const target = resolveLocal(doc.schema, node.ref);
          if (isPlainObject(target)) walkDepth(doc.schema, target, depth, childPointer(node.pointer, "$ref"), max, report);
        }
      },
    };
  },
});

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
 * subschemas (definitions only through a `$ref`). Memoised per node by the schema module's
 * SchemaValues, so chains of `anyOf: [{$ref: next}, {$ref: next}]` take linear time; its one cycle
 * rule applies (a node already on the path adds nothing: a recursive schema is not infinitely deep).
 */
function height(node: SchemaObject, heights: SchemaValues<number>): number {
  let below = 0;
  const ref = node.$ref;
  if (typeof ref === "string") {
    const target = resolveLocal(heights.root, ref);
    if (isPlainObject(target)) below = heights.of(target);
  }
  const children = subschemaList(node, false);
  for (let i = 0; i < children.length; i++) below = Math.max(below, heights.of(children[i]!));
  return (isObjectSchema(node) ? 1 : 0) + below;
}

const heightsByRoot = new WeakMap<object, SchemaValues<number>>();

function heightsFor(root: unknown): SchemaValues<number> {
  if (!isPlainObject(root)) return new SchemaValues(root, height, 0);
  let heights = heightsByRoot.get(root);
  if (heights === undefined) {
    heights = new SchemaValues(root, height, 0);
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
