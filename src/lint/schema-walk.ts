/**
 * Walking a JSON Schema as written (draft-07 to 2020-12 keywords), with the file pointer of each
 * subschema; and following a `$ref` the way the API will see it (through the bundled schema).
 */
import { forEachSubschema, subschemasOf } from "../schema/keywords.js";
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
  /** `description`, `type`, `required`, `$ref`, `pattern` as written (`undefined` when absent). */
  description: unknown = undefined;
  type: unknown = undefined;
  required: unknown = undefined;
  ref: unknown = undefined;
  pattern: unknown = undefined;
  /** `properties` and `patternProperties`, when they are objects. */
  properties: SchemaObject | undefined = undefined;
  patternProperties: SchemaObject | undefined = undefined;
  /** Whether some value of `properties` is not an object (a boolean schema, or not a schema): it has no node. */
  hasNonObjectProperty = false;
  /** Whether it sits under `$defs` or `definitions` (reached by the API only through a `$ref`). */
  readonly inDefinitions: boolean;
  #pointer: string | undefined;
  #objectDepth: number | undefined;

  constructor(
    readonly node: SchemaObject,
    /** The enclosing subschema; `undefined` for the document's root. */
    readonly parent: SchemaNode | undefined,
    /** The keyword holding this node in its parent (for the root: the document's pointer). */
    readonly keyword: string,
    /** Its key or index inside that keyword, for maps and arrays of subschemas. */
    readonly key: string | number | undefined,
  ) {
    if (parent === undefined) this.#pointer = keyword;
    this.inDefinitions = parent !== undefined && (parent.inDefinitions || keyword === "$defs" || keyword === "definitions");
  }

  /** Whether it describes an object (see isObjectSchema), from what the walk read. */
  get isObject(): boolean {
    const type = this.type;
    if (type === "object") return true;
    if (Array.isArray(type)) return type.includes("object");
    return type === undefined && this.properties !== undefined;
  }

  /** Object schemas from the document's root down to this one, this one included. */
  get objectDepth(): number {
    if (this.#objectDepth === undefined) this.#objectDepth = (this.parent?.objectDepth ?? 0) + (this.isObject ? 1 : 0);
    return this.#objectDepth;
  }

  /** File pointer (RFC 6901) of this subschema. */
  get pointer(): string {
    if (this.#pointer === undefined) {
      const at = childPointer(this.parent?.pointer ?? "", this.keyword);
      this.#pointer = this.key === undefined ? at : childPointer(at, this.key);
    }
    return this.#pointer;
  }
}

/** Every object subschema below (and including) `root`, depth first in key order, definitions included. */
function collectNodes(root: SchemaObject, pointer: string): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  // One callback for the whole walk (not a closure per node): `parent` is the node being read.
  let parent: SchemaNode | undefined;
  const visit = (node: SchemaObject, keyword: string, key: string | number | undefined): void => {
    const entry = new SchemaNode(node, parent, keyword, key);
    nodes.push(entry);
    const saved = parent;
    parent = entry;
    for (const name of Object.keys(node)) {
      const value = node[name];
      switch (name) {
        case "description":
          entry.description = value;
          continue;
        case "type":
          entry.type = value;
          continue;
        case "required":
          entry.required = value;
          continue;
        case "$ref":
          entry.ref = value;
          continue;
        case "pattern":
          entry.pattern = value;
          continue;
        case "properties":
          if (isPlainObject(value)) entry.properties = value;
          entry.hasNonObjectProperty = subschemasOf(name, value, true, visit) > 0;
          continue;
        case "patternProperties":
          if (isPlainObject(value)) entry.patternProperties = value;
          break;
      }
      subschemasOf(name, value, true, visit);
    }
    parent = saved;
  };
  visit(root, pointer, undefined);
  return nodes;
}

const nodeLists = new WeakMap<SchemaDocument, SchemaNode[]>();

/** Every object subschema of a document (definitions included); walked once per document, shared by the rules. */
export function schemaNodes(doc: SchemaDocument): readonly SchemaNode[] {
  let list = nodeLists.get(doc);
  if (!list) {
    list = collectNodes(doc.schema, doc.pointer);
    nodeLists.set(doc, list);
  }
  return list;
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

/** Whether a node holds a regular expression (a `pattern` string, or `patternProperties`). */
export function hasPatterns(node: SchemaNode): boolean {
  return typeof node.pattern === "string" || node.patternProperties !== undefined;
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
