/**
 * What parsing silently changes (issue 10.14): the parsed data is not what the file says when an
 * object repeats a key (JSON keeps the last one), a number is beyond what a double holds (`1e400`
 * becomes Infinity, written as `null`; integers past 2^53 are rounded), a string holds a lone UTF-16
 * surrogate (written as U+FFFD, so `build --check` never passes), or YAML gives a value JSON has no
 * word for (`!!binary`, `!!set`, `!!omap`, timestamps, `.inf`, non-string keys, unknown tags).
 * Found here as typed problems `{kind, pointer, data}`; the `value-preserved` rule words them.
 * Only files that parsed are scanned, so the text is valid JSON or YAML.
 */
import type { SourceFile } from "../model.js";
import { skipString } from "./json-locate.js";
import { escapeToken } from "../schema/pointer.js";

export type LosslessKind =
  | "duplicate-key"
  | "number-overflow"
  | "number-underflow"
  | "integer-rounded"
  | "lone-surrogate"
  | "yaml-type"
  | "yaml-key"
  | "yaml-unknown-tag";

export interface LosslessProblem {
  kind: LosslessKind;
  /** Pointer (RFC 6901) of the value or key concerned, in the file. */
  pointer: string;
  data: Record<string, string>;
}

/** Problems found by a scan (the proof did not hold), kept so a file is scanned once. */
const scanned = new WeakMap<SourceFile, readonly LosslessProblem[]>();
const NONE: readonly LosslessProblem[] = [];

/** The problems of one file (a file is scanned at most once). */
export async function losslessProblems(file: SourceFile): Promise<readonly LosslessProblem[]> {
  const now = losslessProblemsNow(file);
  if (now !== undefined) return now;
  let list = scanned.get(file);
  if (!list) {
    list = await scanYaml(file.text);
    scanned.set(file, list);
  }
  return list;
}

/**
 * losslessProblems without a promise, for every file but YAML that parsed (whose scan loads the
 * YAML parser): `undefined` for those. Most JSON files are proven exact (surelyExact) and cost no
 * scan and no record.
 */
export function losslessProblemsNow(file: SourceFile): readonly LosslessProblem[] | undefined {
  if (file.parseError || file.data === undefined) return NONE;
  if (file.format !== "json") return scanned.get(file);
  if (surelyExact(file.text, file.data)) return NONE;
  let list = scanned.get(file);
  if (!list) {
    list = scanJson(file.text);
    scanned.set(file, list);
  }
  return list;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first lone surrogate of `text`, as `U+D800`, or `undefined`. */
export function loneSurrogate(text: string): string | undefined {
  const match = LONE_SURROGATE.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase()}` : undefined;
}

/** What a number literal loses when read as a double, or `undefined`. */
export function numberProblem(literal: string): { kind: LosslessKind; data: Record<string, string> } | undefined {
  const value = Number(literal);
  if (Number.isNaN(value)) return undefined;
  if (!Number.isFinite(value)) return { kind: "number-overflow", data: { number: literal } };
  const mantissa = literal.replace(/[eE].*$/, "");
  if (value === 0 && /[1-9]/.test(mantissa)) return { kind: "number-underflow", data: { number: literal } };
  if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(value)) {
    if (BigInt(literal) !== BigInt(value)) return { kind: "integer-rounded", data: { number: literal, read: String(BigInt(value)) } };
  }
  return undefined;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A number literal with a negative exponent and a nonzero digit before it: one that may read as 0. */
const MAY_UNDERFLOW = /[1-9]\d*(?:\.\d*)?[eE]-/;

interface Frame {
  /** Keys seen so far (objects only). */
  keys: Set<string> | undefined;
  /** The token of the value being read in this container (a key, or an index). */
  token: string;
  index: number;
  expectKey: boolean;
}

/**
 * A fast proof that JSON text parsed exactly, from the parsed data (most files; the scan is for the
 * rest): no `\u` escape (so no lone surrogate), every number a double holds exactly (no 0 that may
 * be an underflow), and no member lost to a repeated key. For the last, the text's members are
 * counted as its `:`s that follow a `"` (spaces between allowed): every member's `:` does, so that
 * is at least the number of members, which is at least the data's keys, and equal to them only when
 * no key repeats. A string holding such a `:` (`"a\": b"`, `":x"`) makes the count too high; then the
 * `:`s inside the data's strings are tallied too (every `:` of the text is a member's or a string's).
 */
export function surelyExact(text: string, data: unknown): boolean {
  if (text.includes("\\u")) return false;
  if (data === null || typeof data !== "object") return tallyExact(text, data);
  sawZero = false;
  const keys = keysOf(data);
  if (keys < 0) return false;
  if (sawZero && MAY_UNDERFLOW.test(text)) return false;
  let quoted = 0;
  for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) {
    let i = at - 1;
    let c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--i);
    if (c === 0x22) quoted++;
  }
  return quoted === keys || tallyExact(text, data);
}

/** Set by keysOf when it meets a 0 (which may be an underflow). */
let sawZero = false;

/**
 * The keys of every object in `value` (a container), or -1 when a number in it is not exactly a
 * double. Only containers are recursed into; recursion is bounded: only documents within the loader's
 * nesting bound get here.
 */
function keysOf(value: object): number {
  if (Array.isArray(value)) {
    let n = 0;
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (typeof child === "object") {
        if (child === null) continue;
        const k = keysOf(child);
        if (k < 0) return -1;
        n += k;
      } else if (typeof child === "number" && !holdsExactly(child)) return -1;
    }
    return n;
  }
  const object = value as Record<string, unknown>;
  let n = 0;
  // for-in, not Object.keys: no array per object. Parsed data inherits nothing enumerable (JSON.parse
  // makes a `__proto__` key an own property, which for-in lists like any other).
  for (const key in object) {
    n++;
    const child = object[key];
    if (typeof child === "object") {
      if (child === null) continue;
      const k = keysOf(child);
      if (k < 0) return -1;
      n += k;
    } else if (typeof child === "number" && !holdsExactly(child)) return -1;
  }
  return n;
}

/** Whether a parsed number is surely its literal: finite, and a safe integer if an integer (0 noted in sawZero). */
function holdsExactly(value: number): boolean {
  if (value === 0) {
    sawZero = true;
    return true;
  }
  return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
}

/**
 * The proof by tally: as many `:` in the text as keys plus the `:`s inside keys and strings of the
 * data (a repeated key loses a member, not its `:`). Without `\u` escapes (checked by the caller),
 * every `:` of a string in the text is one in the data.
 */
function tallyExact(text: string, data: unknown): boolean {
  const tally: Tally = { keys: 0, colons: 0, zero: false };
  if (!tallyValue(data, tally)) return false;
  if (tally.zero && MAY_UNDERFLOW.test(text)) return false;
  let inText = 0;
  for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) inText++;
  return inText === tally.keys + tally.colons;
}

interface Tally {
  /** Keys of every object. */
  keys: number;
  /** `:`s inside keys and strings. */
  colons: number;
  /** Whether some number is 0 (which may be an underflow). */
  zero: boolean;
}

function colonsIn(value: string): number {
  let n = 0;
  for (let at = value.indexOf(":"); at >= 0; at = value.indexOf(":", at + 1)) n++;
  return n;
}

/**
 * Adds what `value` holds to `tally`; false when a number is not exactly a double. Recursion is
 * bounded: only documents within the loader's nesting bound get here.
 */
function tallyValue(value: unknown, tally: Tally): boolean {
  if (typeof value === "string") {
    tally.colons += colonsIn(value);
  } else if (typeof value === "number") {
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) return false;
    if (value === 0) tally.zero = true;
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!tallyValue(value[i], tally)) return false;
  } else if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    tally.keys += keys.length;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      tally.colons += colonsIn(key);
      if (!tallyValue(object[key], tally)) return false;
    }
  }
  return true;
}

/** One pass over valid JSON text, without building values. */
export function scanJson(text: string): LosslessProblem[] {
  const problems: LosslessProblem[] = [];
  const frames: Frame[] = [];
  const pointer = (last?: string) =>
    frames.map((f) => `/${escapeToken(f.token)}`).join("") + (last === undefined ? "" : `/${escapeToken(last)}`);
  const length = text.length;
  for (let i = 0; i < length; ) {
    const c = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (c === 0x22) {
      const end = skipString(text, i);
      const raw = text.slice(i, end);
      const escaped = raw.includes("\\");
      const value = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      if (top?.expectKey) {
        top.expectKey = false;
        top.token = value;
        if (top.keys!.has(value)) problems.push({ kind: "duplicate-key", pointer: pointer(), data: { key: value } });
        top.keys!.add(value);
        if (escaped) {
          const code = loneSurrogate(value);
          if (code) problems.push({ kind: "lone-surrogate", pointer: pointer(), data: { what: "key", code } });
        }
      } else if (escaped) {
        const code = loneSurrogate(value);
        if (code) problems.push({ kind: "lone-surrogate", pointer: pointer(), data: { what: "string", code } });
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      frames.push({ keys: c === 0x7b ? new Set() : undefined, token: "0", index: 0, expectKey: c === 0x7b });
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
      i++;
    } else if (c === 0x2c) {
      if (top) {
        if (top.keys) top.expectKey = true;
        else top.token = String(++top.index);
      }
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      NUMBER.exec(text);
      const end = Math.max(NUMBER.lastIndex, i + 1);
      const problem = numberProblem(text.slice(i, end));
      if (problem) problems.push({ ...problem, pointer: pointer() });
      i = end;
    } else {
      i++;
    }
  }
  return problems;
}

/** The same for YAML, from the document's nodes (aliases are not followed: their anchor is scanned once). */
export async function scanYaml(text: string): Promise<LosslessProblem[]> {
  const { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseDocument } = await import("yaml");
  const doc = parseDocument(text, { uniqueKeys: true, merge: false });
  const problems: LosslessProblem[] = [];
  const JSON_TAG = /^tag:yaml\.org,2002:(str|int|float|bool|null|map|seq)$/;
  type Node = ReturnType<typeof parseDocument>["contents"];
  // Iterative: [node, pointer].
  const stack: [Node | unknown, string][] = [[doc.contents, ""]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (isAlias(node) || node === null || node === undefined) continue;
    const tag = isScalar(node) || isCollection(node) ? node.tag : undefined;
    if (tag !== undefined && !JSON_TAG.test(tag)) {
      const known = tag.startsWith("tag:yaml.org,2002:");
      problems.push(
        known
          ? { kind: "yaml-type", pointer: at, data: { tag: `!!${tag.slice("tag:yaml.org,2002:".length)}`, becomes: becomes(isScalar(node) ? node.value : node) } }
          : { kind: "yaml-unknown-tag", pointer: at, data: { tag } },
      );
    }
    if (isScalar(node)) {
      const value = node.value;
      if (typeof value === "number") {
        const source = typeof node.source === "string" ? node.source : String(value);
        const problem = Number.isFinite(value) ? numberProblem(source.replace(/^\+/, "")) : { kind: "number-overflow" as const, data: { number: source } };
        if (problem) problems.push({ ...problem, pointer: at });
      } else if (typeof value === "string") {
        const code = loneSurrogate(value);
        if (code) problems.push({ kind: "lone-surrogate", pointer: at, data: { what: "string", code } });
      } else if (value !== null && typeof value === "object" && tag === undefined) {
        problems.push({ kind: "yaml-type", pointer: at, data: { tag: "a timestamp", becomes: becomes(value) } });
      }
    } else if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key;
        let name: string;
        if (isScalar(key) && typeof key.value === "string") {
          name = key.value;
          const code = loneSurrogate(name);
          if (code) problems.push({ kind: "lone-surrogate", pointer: `${at}/${escapeToken(name)}`, data: { what: "key", code } });
        } else {
          name = isScalar(key) ? String(key.value ?? "") : String(key);
          const what = key === null || (isScalar(key) && key.value === null) ? "null" : isScalar(key) ? `a ${typeof key.value}` : "a collection";
          // A number written plainly (`1: x`) reads back as the same text: only what changes is reported.
          const same = isScalar(key) && (typeof key.value === "number" || typeof key.value === "boolean") && key.source === String(key.value);
          if (!same) problems.push({ kind: "yaml-key", pointer: `${at}/${escapeToken(name)}`, data: { what, becomes: name } });
        }
        stack.push([pair.value, `${at}/${escapeToken(name)}`]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => stack.push([item, `${at}/${index}`]));
    }
  }
  return problems.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

function becomes(value: unknown): string {
  if (value instanceof Uint8Array) return "an object of byte values";
  if (value instanceof Date) return "a date-time string";
  if (value instanceof Set || value instanceof Map) return "an object";
  if (value !== null && typeof value === "object") return Array.isArray(value) ? "an array" : "an object";
  return `a ${typeof value}`;
}
