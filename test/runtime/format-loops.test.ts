import { describe, expect, it } from "vitest";
import { duplicatePair } from "../../src/runtime/ajv.js";
import { formats } from "../../src/runtime/formats.js";
import { mulberry32 } from "../helpers.js";

// The regular-expression versions the loops replaced (dispatch speed), kept here as the reference.
function hostnameRef(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const name = value.endsWith(".") ? value.slice(0, -1) : value;
  return name.split(".").every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}
function emailRef(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1 || value.length > 320) return false;
  const local = value.slice(0, at);
  // The domain has a dot, as in ajv-formats' full mode (test/runtime/email-format.test.ts compares with it).
  const domain = value.slice(at + 1);
  return local.length <= 64 && local.split(".").every((atom) => /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+$/i.test(atom)) &&
    domain.includes(".") && hostnameRef(domain) && !value.endsWith(".");
}
function dateRef(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && !leap ? 28 : [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!);
}
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return typeof value === "string" ? JSON.stringify(value) : `${typeof value}:${String(value)}`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
}
function duplicatePairRef(items: readonly unknown[]): [number, number] | null {
  const last = new Map<string, number>();
  let pair: [number, number] | null = null;
  items.forEach((item, i) => {
    const before = last.get(canonical(item));
    if (before !== undefined) pair = [i, before];
    last.set(canonical(item), i);
  });
  return pair;
}

describe("format checks written as loops agree with their regular expressions", () => {
  it("hostname and email, on random strings over the characters that matter", () => {
    const random = mulberry32(12);
    const alphabet = ["a", "Z", "0", "9", "-", ".", "@", "_", "!", "~", " ", "é", "ſ", "K", "\u0000", "{", "`"];
    const cases = ["", ".", "a.", "a..", "-a", "a-", "a".repeat(63), "a".repeat(64), `${"a.".repeat(126)}a`, `${"a".repeat(64)}@b.c`, "a@b.c.", "@b", "a.@b", ".a@b"];
    for (let n = 0; n < 20000; n++) {
      const length = Math.floor(random() * (random() < 0.05 ? 300 : 14));
      let s = "";
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(random() * alphabet.length)];
      cases.push(s);
    }
    for (const s of cases) {
      expect([s, formats["hostname"]!(s)]).toEqual([s, hostnameRef(s)]);
      expect([s, formats["email"]!(s)]).toEqual([s, emailRef(s)]);
    }
  });

  it("date (and date-time's date part), on random strings of digits and dashes", () => {
    const random = mulberry32(3);
    const alphabet = ["0", "1", "2", "3", "9", "-", "/", "a", "٣", " "];
    const cases = ["2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "0000-01-01", "9999-12-31"];
    for (let n = 0; n < 20000; n++) {
      const chars = Array.from({ length: random() < 0.9 ? 10 : Math.floor(random() * 13) }, () => alphabet[Math.floor(random() * (random() < 0.8 ? 5 : alphabet.length))]);
      if (random() < 0.7 && chars.length === 10) [chars[4], chars[7]] = ["-", "-"];
      cases.push(chars.join(""));
    }
    for (const s of cases) {
      expect([s, formats["date"]!(s)]).toEqual([s, dateRef(s)]);
      expect([s, formats["date-time"]!(`${s}T00:00:00Z`)]).toEqual([s, dateRef(s)]);
    }
  });

  it("uniqueItems' duplicate pair, for scalars and mixed arrays", () => {
    const random = mulberry32(7);
    const pool: unknown[] = [0, -0, 1, "1", "0", true, "true", null, "null", "", { a: 1 }, { a: 1 }, [1], ["1"], 1.5];
    for (let n = 0; n < 5000; n++) {
      const items = Array.from({ length: Math.floor(random() * 8) }, () => pool[Math.floor(random() * (random() < 0.5 ? 10 : pool.length))]);
      expect(duplicatePair(items)).toEqual(duplicatePairRef(items));
    }
  });
});
