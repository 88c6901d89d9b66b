/**
 * One object subschema of a schema document as the lint walk (./schema-walk.ts) gives it to the rules'
 * visitors: the keywords most rules ask of it, read once, where it sits, and its file pointer.
 */
import { getByTokens, joinPointer, splitPointer } from "../schema/pointer.js";

export type SchemaObject = Record<string, unknown>;

/** `base` + `/token`, escaping only when the token needs it. */
export function childPointer(base: string, token: string | number): string {
  const text = String(token);
  return text.includes("~") || text.includes("/") ? joinPointer(base, text) : `${base}/${text}`;
}

/**
 * An object subschema of a schema document, with the keywords most rules ask of a node read once
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

/**
 * Where a finding at `pointer` (in the bundled input schema) stands in the tool file: the nearest
 * pointer at or above it that `inputSchema` (the schema as written) has, under `/input_schema`.
 * Bundled `$defs` are not in the file, so a finding inside one lands on the reference's nearest owner.
 */
export function inputSchemaPointerInFile(inputSchema: unknown, pointer: string, root = "/input_schema"): string {
  const tokens = splitPointer(pointer);
  while (tokens.length > 0 && getByTokens(inputSchema, tokens) === undefined) tokens.pop();
  return joinPointer(root, ...tokens);
}
