/**
 * Issue 39 item 1 (dispatch overhead): valueFault, which dispatch runs on every input before the
 * validator, first looks at the value without building the ancestors' list or any pointer, and walks it
 * again only when that look finds something. Random trees, clean and with one fault put at a random place
 * (a cycle, a hole, nesting past MAX_VALUE_DEPTH): a clean one answers undefined, a faulty one names the
 * fault where it was put.
 */
import { describe, expect, it } from "vitest";
import { MAX_VALUE_DEPTH, valueFault } from "../../src/runtime/dispatch.js";
import { mulberry32 } from "../helpers.js";

type Node = Record<string, unknown> | unknown[];

/** A random tree of objects and arrays with scalars between; `nodes` lists every container with its pointer. */
function tree(random: () => number, depth: number, at: string, nodes: Array<[Node, string]>): Node {
  const n = Math.floor(random() * 4);
  const child = (i: number, key: string): unknown => {
    const r = random();
    if (depth < 6 && r < 0.45) return tree(random, depth + 1, `${at}/${key}`, nodes);
    return r < 0.7 ? `s${i}` : r < 0.85 ? i : r < 0.95 ? null : true;
  };
  const node: Node = random() < 0.5 ? [] : {};
  nodes.push([node, at]);
  for (let i = 0; i < n; i++) {
    if (Array.isArray(node)) node.push(child(i, String(i)));
    else node[`k${i}/~${i}`] = child(i, `k${i}~1~0${i}`);
  }
  return node;
}

describe("valueFault on random values", () => {
  it("answers undefined for a clean tree, and names a cycle, a hole or a too deep nesting where it was put", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = mulberry32(seed);
      const nodes: Array<[Node, string]> = [];
      const root = tree(random, 0, "", nodes);
      expect(valueFault(root), `seed ${seed}: clean`).toBeUndefined();
      const [node, at] = nodes[Math.floor(random() * nodes.length)]!;
      const kind = seed % 3;
      // The fault goes in at a new key of the node (an array's next index): the walk meets it there.
      const put = (value: unknown, key: string): string => {
        if (Array.isArray(node)) {
          node.push(value);
          return `${at}/${node.length - 1}`;
        }
        node[key] = value;
        return `${at}/${key}`;
      };
      let where: string;
      if (kind === 0) {
        // A cycle back to the root.
        where = put(root, "cycle");
        expect(valueFault(root)?.message, `seed ${seed}`).toContain("is cyclic");
      } else if (kind === 1) {
        const array: unknown[] = [1];
        array.length = 3;
        where = put(array, "holes");
        expect(valueFault(root)?.message, `seed ${seed}`).toContain("is sparse");
      } else {
        let deep: unknown = {};
        for (let i = 0; i < MAX_VALUE_DEPTH; i++) deep = { d: deep };
        where = put(deep, "deep");
        expect(valueFault(root)?.message, `seed ${seed}`).toContain("nested deeper than");
      }
      expect(valueFault(root)!.pointer.startsWith(where), `seed ${seed}: ${valueFault(root)!.pointer} under ${where}`).toBe(true);
    }
  });
});
