/**
 * The nesting bound every loaded document is held to. The walkers downstream (the lint rules, the
 * bundler, Ajv, json-schema-to-typescript, the emitters) recurse once or more per level of nesting,
 * so a document nested thousands of levels deep overflows the stack somewhere. The loader refuses
 * such a document as a located parse error, and every recursive walker has room to spare below
 * the bound (test/load/hostile-load.test.ts builds and lints a document at the bound).
 * The walk here is iterative, and a cyclic document (a YAML alias inside its own anchor) is
 * infinitely deep, so it is refused too.
 */
import { escapeToken } from "../schema/pointer.js";

/** The most levels of objects and arrays a document may nest (the document's root being level 1). */
export const MAX_NESTING = 128;

/**
 * Whether JSON text surely nests no deeper than `max`: it holds at most `max` opening brackets, in
 * strings or not (each level of nesting opens one). Two `indexOf` scans instead of a walk of the
 * parsed data (which costs ~30 ms at 1,000 tools); documents with more brackets take the walk.
 */
export function fewBrackets(text: string, max: number = MAX_NESTING): boolean {
  let count = 0;
  for (let at = text.indexOf("{"); at >= 0; at = text.indexOf("{", at + 1)) if (++count > max) return false;
  for (let at = text.indexOf("["); at >= 0; at = text.indexOf("[", at + 1)) if (++count > max) return false;
  return true;
}

/** The pointer of the first value nested deeper than `max` (depth first), or `undefined`. */
export function tooDeep(data: unknown, max: number = MAX_NESTING): string | undefined {
  if (data === null || typeof data !== "object") return undefined;
  // Almost every document fits: say so without allocating; the walk below finds where one does not.
  if (fits(data, max - 1)) return undefined;
  // Each entry: a container, its depth, and the token that leads to it from its parent.
  const stack: { value: object; depth: number; parent: number; token: string }[] = [{ value: data, depth: 1, parent: -1, token: "" }];
  const path: { parent: number; token: string }[] = [];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const index = path.push({ parent: entry.parent, token: entry.token }) - 1;
    if (entry.depth > max) return pointerOf(path, index);
    const value = entry.value;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child: unknown = value[i];
        if (child !== null && typeof child === "object") stack.push({ value: child, depth: entry.depth + 1, parent: index, token: String(i) });
      }
    } else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child: unknown = (value as Record<string, unknown>)[key];
        if (child !== null && typeof child === "object") stack.push({ value: child, depth: entry.depth + 1, parent: index, token: key });
      }
    }
  }
  return undefined;
}

function pointerOf(path: readonly { parent: number; token: string }[], index: number): string {
  const tokens: string[] = [];
  for (let i = index; i > 0; i = path[i]!.parent) tokens.push(escapeToken(path[i]!.token));
  return tokens.reverse().map((t) => `/${t}`).join("");
}

/**
 * Whether nothing below `value` nests more than `room` further levels. Recursion, bounded by `room`
 * (so a cyclic document ends too), and no allocation but the key lists.
 */
function fits(value: object, room: number): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (child !== null && typeof child === "object" && (room === 0 || !fits(child, room - 1))) return false;
    }
    return true;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) {
    const child = object[keys[i]!];
    if (child !== null && typeof child === "object" && (room === 0 || !fits(child, room - 1))) return false;
  }
  return true;
}
