/**
 * The two run-time helpers that ajv's standalone validators call, so generated validators need no
 * npm package at run time. `ucs2length` is ajv/dist/runtime/ucs2length; `equal` is
 * ajv/dist/runtime/equal (fast-deep-equal) for JSON values, except that it reads own members
 * only: fast-deep-equal compares `.constructor`, which is an input's own key when the model
 * sends one (`{"constructor": {}}` was unequal to itself).
 */

/** Deep equality of JSON values (for `enum`, `const` and `uniqueItems`), own members only. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a)) {
      const other = b as unknown[];
      if (a.length !== other.length) return false;
      for (let i = a.length; i-- !== 0; ) if (!equal(a[i], other[i])) return false;
      return true;
    }
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) {
      if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
      if (!equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
    }
    return true;
  }
  return a !== a && b !== b;
}

/** String length in Unicode code points, as JSON Schema counts `minLength`/`maxLength`. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      const extra = str.charCodeAt(pos);
      if ((extra & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** A canonical text of a JSON value: equal values (own members, any key order) give equal texts. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") {
    return typeof value === "string" ? JSON.stringify(value) : `${typeof value}:${String(value)}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}

/**
 * `uniqueItems` in linear time (ajv's own loop compares every pair with `equal`: quadratic in the
 * array's length, seconds for 64 KB of objects). Returns ajv's pair for the same array, `[i, j]`
 * with `j < i`, the largest `i` that repeats an earlier item and that item's last earlier index,
 * or null when all items differ.
 */
export function duplicatePair(items: readonly unknown[]): [number, number] | null {
  // Items that are all strings, numbers, booleans or null are their own keys (a Map's SameValueZero is
  // JSON's equality for them: 0 and -0 alike, "1" and 1 not); only objects need a canonical text.
  const scalars = items.every((item) => item === null || typeof item !== "object");
  const last = new Map<unknown, number>();
  let pair: [number, number] | null = null;
  for (let i = 0; i < items.length; i++) {
    const key = scalars ? items[i] : canonical(items[i]);
    const before = last.get(key);
    if (before !== undefined) pair = [i, before];
    last.set(key, i);
  }
  return pair;
}
