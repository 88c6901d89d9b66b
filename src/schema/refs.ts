/**
 * The one `$ref` resolver. Local references only (`#` and `#/pointer`, against the root they are
 * written in); bundling has made every reference a tool can reach local.
 *
 * The one cycle rule: a reference already being followed on the current path is not followed again.
 * Following a recursive schema therefore ends, and a cycle made only of references and keywords
 * that apply to the same value (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
 * `dependentSchemas`) describes no value at all: a validator would loop forever on it, so
 * `findInPlaceCycle` finds it for the bundler to report as an input error.
 */
import { forEachSubschema, IN_PLACE_KEYWORDS } from "./keywords.js";
import { isPlainObject, joinPointer, resolveLocal } from "./pointer.js";

export { resolveLocal } from "./pointer.js";

export type SchemaObject = Record<string, unknown>;

/** Where a chain of `$ref`s starting at `schema` ends. */
export type RefChain =
  | { ok: true; schema: unknown; refs: string[] }
  | { ok: false; reason: "cycle" | "unresolved"; refs: string[] };

/**
 * Follows `$ref` after `$ref` from `schema` (a schema whose `$ref` has siblings is followed too;
 * the caller decides what the siblings add). Stops at a schema with no `$ref`, at a reference that
 * does not resolve locally, or at a cycle.
 */
export function followRefs(root: unknown, schema: unknown, onPath: ReadonlySet<string> = new Set()): RefChain {
  const refs: string[] = [];
  let node = schema;
  while (isPlainObject(node) && typeof node.$ref === "string") {
    const ref = node.$ref;
    if (onPath.has(ref) || refs.includes(ref)) return { ok: false, reason: "cycle", refs: [...refs, ref] };
    refs.push(ref);
    const target = resolveLocal(root, ref);
    if (target === undefined) return { ok: false, reason: "unresolved", refs };
    node = target;
  }
  return { ok: true, schema: node, refs };
}

export interface InPlaceCycle {
  /** Pointer (from `root`) of the `$ref` member that closes the cycle. */
  pointer: string;
  /** The references along the cycle, in the order followed. */
  refs: string[];
}

/**
 * A cycle of local references that never descends into a property or an item, reachable from any
 * subschema of `root`; `undefined` when there is none. Linear: each subschema is entered once.
 */
export function findInPlaceCycle(root: unknown): InPlaceCycle | undefined {
  const state = new Map<object, "open" | "done">();
  const stackRefs: string[] = [];
  let found: InPlaceCycle | undefined;

  /** In-place depth-first search from `node` (at `pointer`). */
  const inPlace = (node: SchemaObject, pointer: string): void => {
    if (found) return;
    state.set(node, "open");
    const ref = node.$ref;
    if (typeof ref === "string") {
      const target = resolveLocal(root, ref);
      if (isPlainObject(target)) {
        const mark = state.get(target);
        if (mark === "open") {
          found = { pointer: joinPointer(pointer, "$ref"), refs: [...stackRefs, ref] };
          return;
        }
        if (mark === undefined) {
          stackRefs.push(ref);
          inPlace(target, refPointer(ref) ?? pointer);
          stackRefs.pop();
          if (found) return;
        }
      }
    }
    for (const keyword of Object.keys(node)) {
      if (!IN_PLACE_KEYWORDS.has(keyword)) continue;
      const value = node[keyword];
      const children: [unknown, string][] = Array.isArray(value)
        ? value.map((v, i) => [v, joinPointer(pointer, keyword, i)])
        : keyword === "dependentSchemas" && isPlainObject(value)
          ? Object.keys(value).map((k) => [value[k], joinPointer(pointer, keyword, k)])
          : [[value, joinPointer(pointer, keyword)]];
      for (const [child, at] of children) {
        if (!isPlainObject(child)) continue;
        const mark = state.get(child);
        if (mark === "open") {
          found = { pointer: at, refs: [...stackRefs] };
          return;
        }
        if (mark === undefined) inPlace(child, at);
        if (found) return;
      }
    }
    state.set(node, "done");
  };

  /** Every subschema, as written, is a starting point. */
  const all = (node: SchemaObject, pointer: string): void => {
    if (found) return;
    if (!state.has(node)) inPlace(node, pointer);
    forEachSubschema(node, true, (child, keyword, key) => all(child, key === undefined ? joinPointer(pointer, keyword) : joinPointer(pointer, keyword, key)));
  };
  if (isPlainObject(root)) all(root, "");
  return found;
}

function refPointer(ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}
