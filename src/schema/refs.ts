/**
 * The one `$ref` resolver and follower. Local references only (`#` and `#/pointer`, against the root
 * they are written in, decoded by pointer.ts); bundling has made every reference a tool can reach local.
 *
 * The one cycle rule: a reference whose target is already being followed on the current path is not
 * followed again (the target is the same schema however the reference spells it). A walk whose result
 * depends on its path (a chain, a lowering) keeps a RefPath; a value computed once per schema (its
 * flat view, its height, whether it accepts null) is a SchemaValues, where a schema met again while its
 * own value is being computed counts as the caller's `onCycle`. Following a recursive schema therefore
 * ends. A cycle made only of references and keywords that apply to the same value (`allOf`, `anyOf`,
 * `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) describes no value at all: a validator would
 * loop forever on it, so `findInPlaceCycle` finds it for the bundler to report as an input error;
 * `recursiveRefs` lists the references that close any cycle (strict tools refuse them).
 */
import { forEachSubschema, IN_PLACE_KEYWORDS } from "./keywords.js";
import { getByPointer, getByTokens, isPlainObject, joinPointer, localRefPointer, splitPointer } from "./pointer.js";

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

/** resolveRef's value alone (no place built): what a local reference names in `root`, or `undefined`. */
export function resolveLocal(root: unknown, ref: string): unknown {
  const pointer = localRefPointer(ref);
  return pointer === undefined ? undefined : getByPointer(root, pointer);
}

/**
 * The references being followed on the current path of a walk down from a schema, with their
 * targets: the one cycle rule for walks whose result depends on the path.
 */
export class RefPath {
  readonly #refs: string[] = [];
  readonly #open: object[] = [];

  constructor(readonly root: unknown) {}

  /** The references being followed, outermost first. */
  get refs(): readonly string[] {
    return this.#refs;
  }

  /** What `ref` names; `"cycle"` when that is already being followed on this path; `undefined` when it names nothing. */
  step(ref: string): RefTarget | "cycle" | undefined {
    const target = resolveRef(this.root, ref);
    if (target === undefined) return undefined;
    return isPlainObject(target.schema) && this.#open.includes(target.schema) ? "cycle" : target;
  }

  /** Marks `target` (what `ref` names: a step's answer) as being followed, until `leave`. */
  enter(ref: string, target: RefTarget): void {
    this.#refs.push(ref);
    this.#open.push(isPlainObject(target.schema) ? target.schema : {});
  }

  leave(): void {
    this.#refs.pop();
    this.#open.pop();
  }
}

/**
 * A value computed once per schema object of one root, following `$ref`s: the one cycle rule with a
 * memo (linear on chains of `anyOf: [{$ref: next}, {$ref: next}]`). `compute` asks `values.of(x)` for
 * what it needs of subschemas and reference targets; a schema asked for while its own value is being
 * computed (only a reference can lead back to it) is `onCycle`.
 */
export class SchemaValues<T> {
  readonly #memo = new Map<object, T>();
  readonly #open = new Set<object>();

  constructor(
    readonly root: unknown,
    private readonly compute: (schema: SchemaObject, values: SchemaValues<T>) => T,
    private readonly onCycle: T,
  ) {}

  of(schema: SchemaObject): T {
    const known = this.#memo.get(schema);
    if (known !== undefined) return known;
    if (this.#open.has(schema)) return this.onCycle;
    this.#open.add(schema);
    let value: T;
    try {
      value = this.compute(schema, this);
    } finally {
      this.#open.delete(schema);
    }
    this.#memo.set(schema, value);
    return value;
  }
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
export function followRefs(root: unknown, schema: unknown): RefChain {
  const path = new RefPath(root);
  let node = schema;
  while (isPlainObject(node) && typeof node.$ref === "string") {
    const ref = node.$ref;
    const step = path.step(ref);
    if (step === "cycle") return { ok: false, reason: "cycle", refs: [...path.refs, ref] };
    if (step === undefined) return { ok: false, reason: "unresolved", refs: [...path.refs, ref] };
    path.enter(ref, step);
    node = step.schema;
  }
  return { ok: true, schema: node, refs: [...path.refs] };
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

/**
 * The `$ref`s of `root` that close a cycle (pointer from `root` of the schema holding each): following
 * the reference leads, through subschemas and further references, back to the schema holding it. In
 * graph terms: the schema holding the `$ref` and its target are in one strongly connected component of
 * the graph whose edges go from a schema to its subschemas and to its `$ref`'s target. Tarjan's
 * algorithm, iterative (a hostile schema may be deep): linear in the schema's size.
 */
export function recursiveRefs(root: unknown): Array<{ pointer: string; ref: string }> {
  if (!isPlainObject(root)) return [];
  type Node = Record<string, unknown>;
  // Where each schema sits: its parent and the tokens below it (pointers are built only for findings:
  // built for every node of a deep schema, they would take memory quadratic in its depth).
  const places = new Map<Node, { parent: Node | undefined; keyword: string; key: string | number | undefined }>();
  const targets = new Map<Node, Node>();
  const edges = new Map<Node, Node[]>();
  // Every schema reachable from the root (definitions included), with its edges.
  const pending: Node[] = [root];
  places.set(root, { parent: undefined, keyword: "", key: undefined });
  while (pending.length > 0) {
    const node = pending.pop()!;
    const out: Node[] = [];
    forEachSubschema(node, true, (child, keyword, key) => {
      out.push(child);
      if (!places.has(child)) {
        places.set(child, { parent: node, keyword, key });
        pending.push(child);
      }
    });
    if (typeof node.$ref === "string") {
      const target = resolveLocal(root, node.$ref);
      if (isPlainObject(target)) {
        targets.set(node, target);
        out.push(target);
      }
    }
    edges.set(node, out);
  }
  const pointerOf = (node: Node): string => {
    const tokens: string[] = [];
    for (let at: Node | undefined = node; at !== undefined && at !== root; ) {
      const place = places.get(at);
      if (!place) break;
      if (place.key !== undefined) tokens.push(String(place.key));
      tokens.push(place.keyword);
      at = place.parent;
    }
    return joinPointer("", ...tokens.reverse());
  };
  const component = stronglyConnected(root, edges);
  const found: Array<{ pointer: string; ref: string }> = [];
  for (const [node, target] of targets) {
    if (component.get(node) === component.get(target)) found.push({ pointer: pointerOf(node), ref: node.$ref as string });
  }
  return found.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** Each node's strongly connected component (a number), by Tarjan's algorithm without recursion. */
function stronglyConnected<N>(start: N, edges: ReadonlyMap<N, readonly N[]>): Map<N, number> {
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const onStack = new Set<N>();
  const stack: N[] = [];
  const component = new Map<N, number>();
  let counter = 0;
  let components = 0;
  const frames: Array<{ node: N; next: number }> = [];
  const enter = (node: N) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    frames.push({ node, next: 0 });
  };
  for (const first of [start, ...edges.keys()]) {
    if (index.has(first)) continue;
    enter(first);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const out = edges.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const child = out[frame.next++]!;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        let member: N;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.set(member, components);
        } while (member !== frame.node);
        components++;
      }
    }
  }
  return component;
}
