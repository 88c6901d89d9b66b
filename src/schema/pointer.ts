/** JSON pointer (RFC 6901) helpers: the one place pointers (and `$ref` fragments) are encoded and decoded; and the one `isPlainObject`. */
import type { JsonObject, JsonValue } from "../model.js";

export function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((t) => "/" + escapeToken(String(t))).join("");
}

export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON pointer: ${pointer}`);
  const tokens = pointer.slice(1).split("/");
  return pointer.includes("~") ? tokens.map(unescapeToken) : tokens;
}

const MISSING = Symbol("missing");

/** The value at `pointer` in `doc`, or `undefined` when there is none. Own properties only. */
export function getByPointer(doc: unknown, pointer: string): unknown {
  return getByTokens(doc, splitPointer(pointer));
}

/** getByPointer for a pointer already split into (unescaped) tokens; the first `count` of them when given. */
export function getByTokens(doc: unknown, tokens: readonly string[], count = tokens.length): unknown {
  let node: unknown = doc;
  for (let i = 0; i < count; i++) {
    const next = childOf(node, tokens[i]!);
    if (next === MISSING) return undefined;
    node = next;
  }
  return node;
}

/** An array index as a pointer writes it. */
const INDEX = /^(0|[1-9][0-9]*)$/;

function childOf(node: unknown, token: string): unknown {
  if (Array.isArray(node)) {
    if (!INDEX.test(token)) return MISSING;
    const index = Number(token);
    return index < node.length ? node[index] : MISSING;
  }
  if (node !== null && typeof node === "object" && Object.hasOwn(node, token)) {
    return (node as Record<string, unknown>)[token];
  }
  return MISSING;
}

/** Sets an own property, even one named `__proto__`, without touching the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** The one test for a JSON object (not null, not an array); a JSON value that passes is a JsonObject. */
export function isPlainObject(value: JsonValue | undefined): value is JsonObject;
export function isPlainObject(value: unknown): value is Record<string, unknown>;
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A URI fragment (what follows `#`) percent-decoded, or `undefined` when its encoding is bad. */
export function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/**
 * The JSON pointer a local reference (`#`, `#/...`, URI-encoded) names; `undefined` for anything else.
 * RFC 6901 section 6: the fragment is percent-decoded, then read as a pointer (so `%2F` separates).
 */
export function localRefPointer(ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  const fragment = decodeFragment(ref.slice(1));
  return fragment !== undefined && (fragment === "" || fragment.startsWith("/")) ? fragment : undefined;
}
