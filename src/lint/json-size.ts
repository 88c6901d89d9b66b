/**
 * The UTF-8 byte length of `JSON.stringify(value)` (compact), computed without building the string:
 * `toolgen stats` and the lint rule `tool-size-budget` measure every tool definition, and the
 * strings were made only to be measured (4 MB of them for 1,000 tools).
 *
 * It follows JSON.stringify as Node 20 has it (well-formed JSON.stringify, ES2019):
 * - a string is quoted; `"` and `\` take a backslash; \b \f \n \r \t are two characters; any other
 *   character below U+0020 is `\u00XX`; a lone surrogate is `\uDXXX`; every other character is
 *   its UTF-8 bytes (a surrogate pair: 4);
 * - a finite number is `String(n)` (-0 is "0"), a non-finite one is `null`;
 * - in an object, keys whose value is `undefined` or a symbol are skipped; in an array such values
 *   are `null`; key order does not change the length.
 * Anything else it cannot be sure of (a `toJSON` method, an object that is not plain — a Date, a
 * boxed primitive —, a function, a bigint, an enumerable key on Object.prototype, nesting deeper
 * than {@link MAX_DEPTH}, which is also where a cycle ends) is measured by JSON.stringify itself, so
 * the answer, or the error, is the same as `Buffer.byteLength(JSON.stringify(value), "utf8")`.
 */

import type { JsonValue } from "../model.js";

/** Deeper than this, the walk hands over to JSON.stringify (a cycle also ends here; JSON.stringify then throws as it would). */
export const MAX_DEPTH = 256;

/** Thrown inside the walk when it hands over; never escapes. */
const HAND_OVER = new Error("json-size: hand over to JSON.stringify");

/** Printable ASCII without `"` and `\`: one byte per character, no escape. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * `Buffer.byteLength(JSON.stringify(value), "utf8")`, exactly, for a value JSON.stringify turns
 * into text; `undefined` where JSON.stringify returns `undefined` (`undefined`, a symbol, a function).
 */
export function jsonByteLength(value: JsonValue): number;
export function jsonByteLength(value: unknown): number | undefined;
export function jsonByteLength(value: unknown): number | undefined {
  if (typeof value === "object" && value !== null && plainPrototype()) {
    try {
      return valueBytes(value, MAX_DEPTH);
    } catch (error) {
      if (error !== HAND_OVER) throw error;
    }
  } else if (typeof value === "string") {
    return stringBytes(value);
  }
  const text: string | undefined = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.byteLength(text, "utf8");
}

/** Object.prototype has no enumerable key, so `for...in` on a plain object yields its own keys only. */
function plainPrototype(): boolean {
  for (const _ in Object.prototype) return false;
  return true;
}

/**
 * Bytes of a value JSON.stringify writes: one function for every kind, the common first (a walk
 * that runs once per tool is mostly interpreted: fewer calls and branches per value is what counts).
 * `depth` counts down; at 0 the walk hands over.
 */
function valueBytes(value: unknown, depth: number): number {
  if (typeof value === "string") return PLAIN.test(value) ? value.length + 2 : escapedBytes(value);
  if (typeof value !== "object") {
    if (typeof value === "number") return Number.isFinite(value) ? String(value).length : 4;
    if (typeof value === "boolean") return value ? 4 : 5;
    // A function (skipped, or its toJSON called), a bigint (JSON.stringify throws), anything new.
    throw HAND_OVER;
  }
  if (value === null) return 4;
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === "function") throw HAND_OVER;
  if (Array.isArray(value)) {
    const length = value.length;
    if (length === 0) return 2;
    let bytes = 1 + length; // "[", the commas and "]"
    for (let i = 0; i < length; i++) {
      const item: unknown = value[i];
      bytes += item === undefined || typeof item === "symbol" ? 4 : valueBytes(item, depth - 1);
    }
    return bytes;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw HAND_OVER;
  let bytes = 1; // "{"; each member adds its key, ":" and a comma (or, for the last, "}")
  let members = 0;
  const object = value as Record<string, unknown>;
  // Own keys only: plainPrototype() checked that Object.prototype adds none.
  for (const key in object) {
    const item = object[key];
    if (item === undefined || typeof item === "symbol") continue;
    bytes += keyBytes(key) + valueBytes(item, depth - 1);
    members++;
  }
  return members === 0 ? 2 : bytes;
}

/**
 * Bytes of a member's key with its quotes and `:` and the comma or `}` after it. Keys repeat across a
 * folder's schemas (`type`, `description`, a few hundred property names), and a lookup costs less
 * than a regular expression's test: each is measured once, the table cleared when it grows large.
 */
function keyBytes(key: string): number {
  let bytes = KEY_BYTES.get(key);
  if (bytes === undefined) {
    if (KEY_BYTES.size >= MAX_KEYS) KEY_BYTES.clear();
    bytes = PLAIN.test(key) ? key.length + 4 : escapedBytes(key) + 2;
    KEY_BYTES.set(key, bytes);
  }
  return bytes;
}

const KEY_BYTES = new Map<string, number>();
const MAX_KEYS = 10_000;

/** Bytes of a string as JSON.stringify quotes it, in UTF-8. */
export function stringBytes(text: string): number {
  return PLAIN.test(text) ? text.length + 2 : escapedBytes(text);
}

/** {@link stringBytes} for a string with something to escape, or a character beyond ASCII. */
function escapedBytes(text: string): number {
  let bytes = 2;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c >= 0x20) bytes += c === 0x22 || c === 0x5c ? 2 : 1;
      else bytes += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    } else if (c < 0x800) {
      bytes += 2;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      // A high surrogate followed by a low one is one character of 4 bytes; a lone one is \uDXXX.
      if (c <= 0xdbff && i + 1 < length) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          bytes += 4;
          i++;
          continue;
        }
      }
      bytes += 6;
    } else {
      bytes += 3;
    }
  }
  return bytes;
}
