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
import { getByTokens, isPlainObject, joinPointer, localRefPointer, resolveLocal, splitPointer } from "./pointer.js";

export { resolveLocal } from "./pointer.js";

export type SchemaObject = Record<string, unknown>;

/** What a local reference names: the value, and where it sits in the root (decoded tokens, and the pointer they make). */
export interface RefTarget {
  schema: unknown;
  tokens: readonly string[];
  pointer: string;
}

/**
 * The one resolver: what a local reference (`#`, `#/pointer`, URI-encoded) names in `root`, with its
 * place; `undefined` for anything else (another file, an anchor, bad encoding, nothing there).
 */
export function resolveRef(root: unknown, ref: string): RefTarget | undefined {
  const pointer = localRefPointer(ref);
  if (pointer === undefined) return undefined;
  const tokens = splitPointer(pointer);
  const schema = getByTokens(root, tokens);
  return schema === undefined ? undefined : { schema, tokens, pointer: joinPointer("", ...tokens) };
}

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
  /** Set when a `$dynamicRef` or `$recursiveRef` closes the cycle. */
  dynamic?: true;
}

/**
 * A cycle of local references that never descends into a property or an item, reachable from any
 * subschema of `root`; `undefined` when there is none. Linear: each subschema is entered once.
 */
export function findInPlaceCycle(root: unknown): InPlaceCycle | undefined {
  const state = new Map<object, "open" | "done">();
  const dynamic = isPlainObject(root) ? dynamicTargets(root) : undefined;
  const stackRefs: string[] = [];
  /** Pointer tokens of the node being visited, from the subschema walk and then in-place steps. */
  const tokens: (string | number)[] = [];
  let found: InPlaceCycle | undefined;
  const at = (...more: (string | number)[]): string => joinPointer("", ...tokens, ...more);

  /** In-place depth-first search from `node`. */
  const inPlace = (node: SchemaObject): void => {
    state.set(node, "open");
    const ref = node.$ref;
    if (typeof ref === "string") {
      const target = resolveLocal(root, ref);
      if (isPlainObject(target)) {
        const mark = state.get(target);
        if (mark === "open") {
          found = { pointer: at("$ref"), refs: [...stackRefs, ref] };
          return;
        }
        if (mark === undefined) {
          // Findings past a reference are reported at the reference's target.
          const saved = tokens.splice(0, tokens.length, ...splitOrEmpty(ref));
          stackRefs.push(ref);
          inPlace(target);
          stackRefs.pop();
          tokens.splice(0, tokens.length, ...saved);
          if (found) return;
        }
      }
    }
    if (dynamic !== undefined) {
      for (const keyword of DYNAMIC_REFS) {
        const dref = node[keyword];
        if (typeof dref !== "string") continue;
        // Every schema ajv may call here on the same value: one still open closes a cycle.
        for (const target of dynamic.of(keyword, dref)) {
          if (state.get(target) === "open") {
            found = { pointer: at(keyword), refs: [...stackRefs, dref], dynamic: true };
            return;
          }
        }
      }
    }
    for (const keyword of Object.keys(node)) {
      if (!IN_PLACE_KEYWORDS.has(keyword)) continue;
      const value = node[keyword];
      const visitChild = (child: unknown, key: string | number | undefined): void => {
        if (found || !isPlainObject(child)) return;
        const mark = state.get(child);
        tokens.push(keyword);
        if (key !== undefined) tokens.push(key);
        if (mark === "open") found = { pointer: at(), refs: [...stackRefs] };
        else if (mark === undefined) inPlace(child);
        if (key !== undefined) tokens.pop();
        tokens.pop();
      };
      if (Array.isArray(value)) value.forEach((v, i) => visitChild(v, i));
      else if (keyword === "dependentSchemas" && isPlainObject(value)) for (const k of Object.keys(value)) visitChild(value[k], k);
      else visitChild(value, undefined);
      if (found) return;
    }
    state.set(node, "done");
  };

  /** Every subschema, as written, is a starting point. */
  const all = (node: SchemaObject): void => {
    if (found) return;
    if (!state.has(node)) inPlace(node);
    forEachSubschema(node, true, (child, keyword, key) => {
      if (found) return;
      tokens.push(keyword);
      if (key !== undefined) tokens.push(key);
      all(child);
      if (key !== undefined) tokens.pop();
      tokens.pop();
    });
  };
  if (isPlainObject(root)) all(root);
  return found;
}

function splitOrEmpty(ref: string): string[] {
  const pointer = localRefPointer(ref);
  return pointer === undefined ? [] : splitPointer(pointer);
}

const DYNAMIC_REFS = ["$dynamicRef", "$recursiveRef"] as const;

/**
 * The schemas a `$dynamicRef` or `$recursiveRef` may lead to, the way ajv calls them (issue 24 N8):
 * the schema that declares the matching `$dynamicAnchor` (or `$recursiveAnchor: true`) when there is
 * one, else the function being run, which is the root or the target of a `$ref` (ajv compiles a
 * target that holds a reference as a function of its own). Over-approximated: all of them. With
 * `allErrors`, ajv goes on after a failed keyword, so a dynamic reference that comes back to one of
 * them on the same value overflows the stack where the spec's evaluation never ends. `undefined`
 * when the schema holds no dynamic reference (the usual case).
 */
function dynamicTargets(root: SchemaObject): { of(keyword: (typeof DYNAMIC_REFS)[number], ref: string): SchemaObject[] } | undefined {
  let any = false;
  const refTargets = new Set<SchemaObject>([root]);
  const anchors = new Map<string, SchemaObject[]>();
  const recursive: SchemaObject[] = [];
  const visit = (node: SchemaObject): void => {
    if (typeof node.$dynamicRef === "string" || typeof node.$recursiveRef === "string") any = true;
    if (typeof node.$ref === "string") {
      const target = resolveLocal(root, node.$ref);
      if (isPlainObject(target)) refTargets.add(target);
    }
    if (typeof node.$dynamicAnchor === "string") {
      const list = anchors.get(node.$dynamicAnchor);
      if (list === undefined) anchors.set(node.$dynamicAnchor, [node]);
      else list.push(node);
    }
    if (node.$recursiveAnchor === true) recursive.push(node);
    forEachSubschema(node, true, (child) => visit(child));
  };
  visit(root);
  if (!any) return undefined;
  const functions = [...refTargets];
  return {
    of(keyword, ref) {
      const declared = keyword === "$recursiveRef" ? recursive : ref.startsWith("#") ? anchors.get(ref.slice(1)) ?? [] : [];
      return [...declared, ...functions];
    },
  };
}
