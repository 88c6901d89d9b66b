/**
 * Issue 23's repair property test: on random schemas (arbitraries.ts, plus a `$ref` to a second
 * one) and random inputs where random values are sent as strings (numbers, booleans, arrays and
 * objects as their JSON text), dispatch with repair on, checked against the reference ajv:
 * - an input ajv accepts reaches the handler as the very object, with no repair note;
 * - a repaired input is accepted by ajv, differs from the input sent only at the pointers the note
 *   lists, each of which held a string and now holds no string, and no string at any of those
 *   pointers would be accepted (the string reading never validates there);
 * - an input ajv rejects and that is not repaired is answered is_error;
 * - issue 38 item 3: some values are sent spelled another way (respelled); every string read is,
 *   written back as JSON, the text sent, up to whitespace and quotes (a repair never changes a value).
 * Fixed seed; a bounded budget by default, more with TOOLGEN_HEAVY=1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type RepairNote } from "../../src/runtime/dispatch.js";
import { mulberry32 } from "../helpers.js";
import { compiled } from "./compiled.js";
import { json, schema } from "./arbitraries.js";
import { canonical, reference, useReferenceEqual } from "./reference-ajv.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 1_500 : 150;
const INPUTS = HEAVY ? 200 : 30;

useReferenceEqual();

/** `value` with some of its values (the root included) sent as strings, as models do. */
function stringify(value: unknown, rand: () => number): unknown {
  let v = value;
  if (Array.isArray(v)) v = v.map((x) => stringify(x, rand));
  else if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: stringify(x, rand), enumerable: true, writable: true, configurable: true });
    v = out;
  }
  if (v !== null && typeof v !== "string" && rand() < 0.35) return rand() < 0.3 ? respelled(v, rand) : typeof v === "object" ? JSON.stringify(v) : String(v);
  return v;
}

/**
 * Issue 38 item 3: `value` as text spelled another way, as models sometimes write it: whitespace
 * around or inside, a leading zero, a plus sign, a trailing point, an exponent, a number past 2^53 or
 * below the smallest double, a capital letter, a duplicate key.
 */
function respelled(value: unknown, rand: () => number): string {
  const pick = <T>(options: T[]): T => options[Math.floor(rand() * options.length)]!;
  if (typeof value === "number") {
    const text = String(value);
    return pick([` ${text} `, `0${text}`, `+${text}`, Number.isInteger(value) ? `${text}.` : `${text}0`, value.toExponential(), "9007199254740993", "1e-400", `${text}.0`]);
  }
  if (typeof value === "boolean") return pick([` ${String(value)}`, value ? "True" : "FALSE"]);
  const text = JSON.stringify(value);
  if (Array.isArray(value) || typeof value !== "object" || value === null) return pick([JSON.stringify(value, null, 1), text.replace(/,/g, ", ")]);
  const key = Object.keys(value)[0];
  // A duplicate key: the first one JSON.parse drops.
  if (key !== undefined && rand() < 0.5) return `{${JSON.stringify(key)}:0,${text.slice(1)}`;
  return JSON.stringify(value, null, 2);
}

/** JSON text without the whitespace outside its strings. */
function compact(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

function tokens(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function at(value: unknown, pointer: string): unknown {
  let v = value;
  for (const t of tokens(pointer)) v = Object.getOwnPropertyDescriptor(v, t)?.value as unknown;
  return v;
}

/** A copy of `root` with `replacement` at `pointer`. */
function replaced(root: unknown, pointer: string, replacement: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(root));
  const path = tokens(pointer);
  const last = path.pop();
  if (last === undefined) return replacement;
  const parent = at(copy, path.map((t) => `/${t.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")) as object;
  Object.defineProperty(parent, last, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}

describe("input repair agrees with ajv", () => {
  it(`on ${SCHEMAS} random schemas x ${INPUTS} random inputs: repaired inputs valid, valid inputs untouched`, async () => {
    const failures: string[] = [];
    const rand = mulberry32(20261126);
    const runs = fc.sample(fc.tuple(schema, schema, fc.array(fc.tuple(json, json), { minLength: INPUTS, maxLength: INPUTS })), { numRuns: SCHEMAS, seed: 20261126 });
    let repairs = 0;
    let checked = 0;
    let preserved = 0;
    let refused = 0;
    for (const [p, d, inputs] of runs) {
      const toolSchema = { type: "object", properties: { p, q: { $ref: "#/$defs/d" } }, $defs: { d } };
      const wire = JSON.parse(JSON.stringify(toolSchema)) as RegisteredTool["inputSchema"];
      const validate = await compiled(wire);
      const oracle = reference(JSON.parse(JSON.stringify(toolSchema)));
      let got: unknown;
      const notes: RepairNote[] = [];
      const dispatcher = createDispatcherFrom<{ t: unknown }>(
        [{ name: "t", inputSchema: wire, loadValidator: () => validate }],
        { t: (input) => { got = input; return "ok"; } },
        undefined,
        { onRepair: (n) => notes.push(n) },
      );
      for (const [a, b] of inputs) {
        const input: unknown = JSON.parse(JSON.stringify(stringify({ p: a, q: b }, rand)));
        const sent = canonical(input);
        got = undefined;
        notes.length = 0;
        const result = await dispatcher.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input });
        checked++;
        const where = `${JSON.stringify(toolSchema)} on ${sent}`;
        if (canonical(input) !== sent) failures.push(`${where}: the input was changed`);
        if (oracle(input)) {
          if (got !== input || notes.length > 0) failures.push(`${where}: a valid input was not passed as is`);
          continue;
        }
        const note = notes[0];
        if (note === undefined) {
          if (result.is_error !== true) failures.push(`${where}: an invalid input was run`);
          if (String(result.content).includes("; not repaired: ")) refused++;
          continue;
        }
        repairs++;
        if (!oracle(got)) failures.push(`${where}: the repair ${JSON.stringify(got)} is not valid`);
        let back = got;
        for (const pointer of note.repaired) {
          // A pointer under another one is inside a value read from a string.
          const nested = note.repaired.some((o) => pointer.startsWith(`${o}/`));
          if (!nested && typeof at(input, pointer) !== "string") failures.push(`${where}: ${pointer} held no string`);
          if (typeof at(got, pointer) === "string") failures.push(`${where}: ${pointer} still holds a string`);
          for (const text of ["", "a", "0"]) {
            if (oracle(replaced(got, pointer, text))) failures.push(`${where}: the string ${JSON.stringify(text)} is allowed at ${pointer}`);
          }
          if (!nested) back = replaced(back, pointer, at(input, pointer));
        }
        if (canonical(back) !== sent) failures.push(`${where}: the repair changed more than ${note.repaired.join(", ")}`);
        // Issue 38 item 3: a repair never changes a value. Each string read (with none read inside it in
        // turn) is, written back as JSON, the text the model sent, up to whitespace and quotes.
        for (const pointer of note.repaired) {
          if (note.repaired.some((o) => o.startsWith(`${pointer}/`) || pointer.startsWith(`${o}/`))) continue;
          const text = at(input, pointer) as string;
          if (JSON.stringify(at(got, pointer)) !== compact(text)) failures.push(`${where}: ${pointer}: ${JSON.stringify(text)} was read as ${JSON.stringify(at(got, pointer))}`);
          preserved++;
        }
      }
    }
    expect(checked).toBe(SCHEMAS * INPUTS);
    expect(failures.slice(0, 5)).toEqual([]);
    // Not vacuous: the random inputs do get repaired.
    // (Fewer than before issue 38: a respelled value is refused, and named in the error.)
    expect(repairs).toBeGreaterThanOrEqual(80);
    expect(preserved).toBeGreaterThanOrEqual(80);
    expect(refused).toBeGreaterThanOrEqual(10);
  }, HEAVY ? 1_800_000 : 120_000);
});
