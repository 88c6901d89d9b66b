/**
 * Which definitions (`$defs`, `definitions`) of a tool's input schema a `$ref` reaches, directly or
 * through other definitions (issue 11.11). The model fills in only what the schema reaches, so advice
 * about filling in (parameter-description) skips the rest; validity rules still check everything.
 */
import { localRefPointer } from "../schema/pointer.js";
import type { SchemaDocument } from "./rule.js";
import type { SchemaNode } from "./schema-walk.js";

/**
 * A test: is this node of `doc` reached by the API (outside definitions, or in a definition some
 * reached `$ref` leads to)? `withRefs` are the document's nodes whose `$ref` is a local one (`#...`),
 * in walk order. For a schema fragment (no tool), every node counts as reached: other files may
 * reference any of its definitions.
 */
export function reachedBy(doc: SchemaDocument, withRefs: readonly SchemaNode[]): (node: SchemaNode) => boolean {
  if (!doc.tool) return () => true;
  const reached: string[] = [];
  const covers = (pointer: string) => reached.some((r) => pointer === r || pointer.startsWith(r + "/"));
  const done = new Set<SchemaNode>();
  const queue = withRefs.filter((n) => !n.inDefinitions);
  while (queue.length > 0) {
    const node = queue.pop()!;
    if (done.has(node)) continue;
    done.add(node);
    const target = targetPointer(doc, node.ref as string);
    if (target === undefined || covers(target)) continue;
    reached.push(target);
    for (const other of withRefs) if (!done.has(other) && (other.pointer === target || other.pointer.startsWith(target + "/"))) queue.push(other);
  }
  return (node) => !node.inDefinitions || covers(node.pointer);
}

function targetPointer(doc: SchemaDocument, ref: string): string | undefined {
  const pointer = localRefPointer(ref);
  return pointer === undefined ? undefined : doc.pointer + pointer;
}
