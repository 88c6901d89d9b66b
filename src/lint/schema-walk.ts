/**
 * Walking a JSON Schema as written (draft-07 to 2020-12 keywords), with the file pointer of each
 * subschema; and following a `$ref` the way the API will see it (through the bundled schema).
 */
import { forEachSubschema, SUBSCHEMA_KEYWORDS, subschemasOf } from "../schema/keywords.js";
import { getByPointer, isPlainObject, joinPointer } from "../schema/pointer.js";
import { followRefs } from "../schema/refs.js";

export { forEachSubschema };
import type { SchemaDocument } from "./rule.js";

export type SchemaObject = Record<string, unknown>;

/** `base` + `/token`, escaping only when the token needs it. */
export function childPointer(base: string, token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? joinPointer(base, text) : `${base}/${text}`;
}

/**
 * An object subschema of a schema document, with what the lint rules ask of every node read once
 * while walking (so each rule reads plain fields instead of probing every schema for keywords), and
 * its file pointer, built only when asked for (most nodes are never reported).
 */
export class SchemaNode {
  // Every field is set in the constructor, none by a class field initialiser: V8 defines each
  // initialised field through its own call in code not yet optimised, nine thousand nodes each.
  /** `description`, `type`, `required`, `$ref`, `pattern` as written (`undefined` when absent). */
  declare description: unknown;
  declare type: unknown;
  declare required: unknown;
  declare ref: unknown;
  declare pattern: unknown;
  /** `properties` and `patternProperties`, when they are objects. */
  declare properties: SchemaObject | undefined;
  declare patternProperties: SchemaObject | undefined;
  /** Whether some value of `properties` is not an object (a boolean schema, or not a schema): it has no node. */
  declare hasNonObjectProperty: boolean;
  /** Object schemas from the document's root down to this one, this one included. */
  declare objectDepth: number;
  /** Whether it sits under `$defs` or `definitions` (reached by the API only through a `$ref`). */
  declare readonly inDefinitions: boolean;
  /** The file pointer, once built (the root's is given). */
  declare private pointerText: string | undefined;
  declare readonly node: SchemaObject;
  /** The enclosing subschema; `undefined` for the document's root. */
  declare readonly parent: SchemaNode | undefined;
  /** The keyword holding this node in its parent (for the root: the document's pointer). */
  declare readonly keyword: string;
  /** Its key or index inside that keyword, for maps and arrays of subschemas. */
  declare readonly key: string | number | undefined;

  constructor(node: SchemaObject, parent: SchemaNode | undefined, keyword: string, key: string | number | undefined) {
    this.node = node;
    this.parent = parent;
    this.keyword = keyword;
    this.key = key;
    this.description = undefined;
    this.type = undefined;
    this.required = undefined;
    this.ref = undefined;
    this.pattern = undefined;
    this.properties = undefined;
    this.patternProperties = undefined;
    this.hasNonObjectProperty = false;
    this.objectDepth = 0;
    this.inDefinitions = parent !== undefined && (parent.inDefinitions || keyword === "$defs" || keyword === "definitions");
    this.pointerText = parent === undefined ? keyword : undefined;
  }

  /** Whether it describes an object (see isObjectSchema), from what the walk read. */
  get isObject(): boolean {
    const type = this.type;
    if (type === "object") return true;
    if (Array.isArray(type)) return type.includes("object");
    return type === undefined && this.properties !== undefined;
  }

  /** File pointer (RFC 6901) of this subschema. */
  get pointer(): string {
    if (this.pointerText === undefined) {
      const at = childPointer(this.parent?.pointer ?? "", this.keyword);
      this.pointerText = this.key === undefined ? at : childPointer(at, this.key);
    }
    return this.pointerText;
  }
}

/** The keywords whose subschemas the draft-07 meta-schema validates in place (schema-valid validates the others one by one). */
export const DRAFT_07_SUBSCHEMAS: ReadonlySet<string> = new Set([
  "additionalItems", "items", "contains", "additionalProperties", "definitions", "properties", "patternProperties",
  "dependencies", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
]);

/**
 * One walk of a schema document, shared by the rules: every object subschema, and the few kinds of
 * node each rule looks at, gathered while walking, so that a rule visits only the nodes it is about
 * (most schemas have no pattern, no deep nesting and no long description: those rules visit nothing).
 * Every list is in walk order (depth first, in key order).
 */
export interface SchemaFacts {
  /** Every object subschema, definitions included. */
  readonly nodes: readonly SchemaNode[];
  /** The deepest `objectDepth` of a node outside definitions (0 when none is an object). */
  readonly maxObjectDepth: number;
  /** The longest `description` string of any node, in UTF-16 code units. */
  readonly longestDescription: number;
  /** Nodes with a `pattern` string or a `patternProperties` object. */
  readonly withPatterns: readonly SchemaNode[];
  /** Nodes whose `required` is an array. */
  readonly withRequired: readonly SchemaNode[];
  /** Nodes whose `$ref` is a string. */
  readonly withRefs: readonly SchemaNode[];
  /** Nodes under `properties` (each a property's own schema). */
  readonly propertySchemas: readonly SchemaNode[];
  /** Nodes with a `properties` value that is not an object (and so has no node). */
  readonly withNonObjectProperty: readonly SchemaNode[];
  /** Whether some node is under `$defs` or `definitions`. */
  readonly hasDefinitions: boolean;
  /** Nodes (not the root) under a keyword outside DRAFT_07_SUBSCHEMAS (`$defs`, `prefixItems`, ...). */
  readonly beyondDraft07: readonly SchemaNode[];
}

/**
 * The lists a walk gathers start as this one empty list, shared (frozen, so nothing adds to it by
 * mistake): most documents have nothing for most lists, and a thousand documents made seven
 * thousand empty arrays.
 */
const NONE: SchemaNode[] = Object.freeze([]) as unknown as SchemaNode[];

/** `list` with `entry` added: a new list in place of NONE. */
function added(list: SchemaNode[], entry: SchemaNode): SchemaNode[] {
  if (list === NONE) return [entry];
  list.push(entry);
  return list;
}

/** The walk's state: what it has gathered so far, and the node whose subschemas are being read. */
class Walk implements SchemaFacts {
  // Set in the constructor, not by field initialisers (each is a call of its own in code not yet optimised).
  declare readonly nodes: SchemaNode[];
  declare maxObjectDepth: number;
  declare longestDescription: number;
  declare withPatterns: SchemaNode[];
  declare withRequired: SchemaNode[];
  declare withRefs: SchemaNode[];
  declare propertySchemas: SchemaNode[];
  declare withNonObjectProperty: SchemaNode[];
  declare hasDefinitions: boolean;
  declare beyondDraft07: SchemaNode[];
  declare parent: SchemaNode | undefined;

  constructor() {
    this.nodes = [];
    this.maxObjectDepth = 0;
    this.longestDescription = 0;
    this.withPatterns = NONE;
    this.withRequired = NONE;
    this.withRefs = NONE;
    this.propertySchemas = NONE;
    this.withNonObjectProperty = NONE;
    this.hasDefinitions = false;
    this.beyondDraft07 = NONE;
    this.parent = undefined;
  }
}

/** Every object subschema below (and including) `root`, depth first in key order, definitions included. */
function collectNodes(root: SchemaObject, pointer: string): SchemaFacts {
  const walk = new Walk();
  visitNode(walk, root, pointer, undefined);
  walk.parent = undefined;
  return walk;
}

/**
 * Reads one subschema into the walk, then its subschemas, as subschemasOf (../schema/keywords.ts)
 * finds them: through one module-level visitor and the walk as its context, not a callback per
 * document (V8 deoptimised subschemasOf at each new closure).
 */
function visitNode(walk: Walk, node: SchemaObject, keyword: string, key: string | number | undefined): void {
  const parent = walk.parent;
  const entry = new SchemaNode(node, parent, keyword, key);
  walk.nodes.push(entry);
  // What the node says, first (its depth needs its `type`), then its subschemas. Keys by `for...in`
  // (parsed data inherits no enumerable key): no array of them per node. Whether some keyword may
  // hold subschemas is noted on the way: none (a leaf, most nodes) skips the second loop.
  let holdsSubschemas = false;
  for (const name in node) {
    switch (name) {
      case "description":
        entry.description = node[name];
        break;
      case "type":
        entry.type = node[name];
        break;
      case "required":
        entry.required = node[name];
        break;
      case "$ref":
        entry.ref = node[name];
        break;
      case "pattern":
        entry.pattern = node[name];
        break;
      case "properties": {
        holdsSubschemas = true;
        const value = node[name];
        if (isPlainObject(value)) entry.properties = value;
        break;
      }
      case "patternProperties": {
        holdsSubschemas = true;
        const value = node[name];
        if (isPlainObject(value)) entry.patternProperties = value;
        break;
      }
      default:
        if (SUBSCHEMA_KEYWORDS.has(name)) holdsSubschemas = true;
    }
  }
  const depth = (parent === undefined ? 0 : parent.objectDepth) + (entry.isObject ? 1 : 0);
  entry.objectDepth = depth;
  if (entry.inDefinitions) walk.hasDefinitions = true;
  else if (depth > walk.maxObjectDepth) walk.maxObjectDepth = depth;
  if (typeof entry.description === "string" && entry.description.length > walk.longestDescription) walk.longestDescription = entry.description.length;
  if (typeof entry.pattern === "string" || entry.patternProperties !== undefined) walk.withPatterns = added(walk.withPatterns, entry);
  if (Array.isArray(entry.required)) walk.withRequired = added(walk.withRequired, entry);
  if (typeof entry.ref === "string") walk.withRefs = added(walk.withRefs, entry);
  if (parent !== undefined) {
    if (keyword === "properties") walk.propertySchemas = added(walk.propertySchemas, entry);
    if (!DRAFT_07_SUBSCHEMAS.has(keyword)) walk.beyondDraft07 = added(walk.beyondDraft07, entry);
  }
  if (!holdsSubschemas) return;
  walk.parent = entry;
  for (const name in node) {
    const others = subschemasOf(name, node[name], true, visitChild, walk);
    if (others > 0 && name === "properties") {
      entry.hasNonObjectProperty = true;
      if (entry.properties !== undefined) walk.withNonObjectProperty = added(walk.withNonObjectProperty, entry);
    }
  }
  walk.parent = parent;
}

function visitChild(child: SchemaObject, keyword: string, key: string | number | undefined, walk: Walk): void {
  visitNode(walk, child, keyword, key);
}

const walks = new WeakMap<SchemaDocument, SchemaFacts>();

/** The shared walk of a document (see SchemaFacts): walked once per document, on first use. */
export function schemaFacts(doc: SchemaDocument): SchemaFacts {
  let facts = walks.get(doc);
  if (!facts) {
    facts = collectNodes(doc.schema, doc.pointer);
    walks.set(doc, facts);
  }
  return facts;
}

/** Every object subschema of a document (definitions included); walked once per document, shared by the rules. */
export function schemaNodes(doc: SchemaDocument): readonly SchemaNode[] {
  return schemaFacts(doc).nodes;
}

/**
 * The regular expressions a node holds: its `pattern` and its `patternProperties` keys, each with a
 * function that builds its file pointer (called only to report: most patterns never are).
 */
export function patternsOf(node: SchemaNode): Array<[keyword: "pattern" | "patternProperties", pattern: string, pointer: () => string]> {
  const found: Array<[keyword: "pattern" | "patternProperties", pattern: string, pointer: () => string]> = [];
  if (typeof node.pattern === "string") found.push(["pattern", node.pattern, () => childPointer(node.pointer, "pattern")]);
  const properties = node.patternProperties;
  if (properties === undefined) return found;
  for (const key of Object.keys(properties)) {
    found.push(["patternProperties", key, () => childPointer(childPointer(node.pointer, "patternProperties"), key)]);
  }
  return found;
}

/** Whether a schema describes an object (by `type` or by having `properties`). */
export function isObjectSchema(node: SchemaObject): boolean {
  const type = node.type;
  if (type === "object") return true;
  if (Array.isArray(type) && type.includes("object")) return true;
  return type === undefined && isPlainObject(node.properties);
}

/**
 * The root that local `$ref`s (`#/...`) of a schema document resolve against, as the API sees it:
 * a tool's bundled input schema (where external references point into `$defs`), or its input schema
 * as written when bundling failed; a fragment file's own root.
 */
export function refRoot(doc: SchemaDocument): unknown {
  return doc.tool ? (doc.tool.bundledSchema ?? doc.schema) : doc.schema;
}

/**
 * The schema the `$ref` of the object at `pointer` (a file pointer inside `doc`) leads to, following
 * chains of `$ref`s; `undefined` when it cannot be followed (another file's fragment, a broken reference).
 */
export function followRef(doc: SchemaDocument, pointer: string): SchemaObject | undefined {
  const root = refRoot(doc);
  const chain = followRefs(root, getByPointer(root, pointer.slice(doc.pointer.length)));
  return chain.ok && isPlainObject(chain.schema) ? chain.schema : undefined;
}

/** followRef for a node of `doc`: without building its pointer when the node lives in the reference root. */
export function followNodeRef(doc: SchemaDocument, node: SchemaNode): SchemaObject | undefined {
  const root = refRoot(doc);
  if (root !== doc.schema) return followRef(doc, node.pointer);
  const chain = followRefs(root, node.node);
  return chain.ok && isPlainObject(chain.schema) ? chain.schema : undefined;
}
