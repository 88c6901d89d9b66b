// toolgen runtime: the JSON Schema `format`s the validators check (ajv's `code.formats` points here).
// Copied verbatim into generated output; imports nothing. Every check is a function over a string
// whose regular expressions have no nested or adjacent overlapping quantifiers (linear time).
//
// Checked: date, time, date-time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, uuid,
// json-pointer, relative-json-pointer (RFC 3339, RFC 5321's dot-atom@domain, RFC 1123, RFC 3986,
// RFC 4122, RFC 6901; the same choices as ajv-formats' "full" mode, except where the standard is
// stricter: `time` and `date-time` follow RFC 3339, as JSON Schema defines them, so an offset needs
// its colon and minutes (+05:30, not +0530 or +05, which ajv-formats accepts and `new Date()` cannot
// always read) and the date and time are separated by T, t or a space only). Any other format name
// is an annotation only and accepts every string, as JSON Schema's default vocabulary says.

export type FormatCheck = (value: string) => boolean;

const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The number written by the ASCII digits value[from..to), or -1 if one is not a digit. */
function digits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** YYYY-MM-DD (read by hand, not by a regular expression: a format check runs on every dispatched call). */
function date(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const year = digits(value, 0, 4);
  const month = digits(value, 5, 7);
  const day = digits(value, 8, 10);
  if (year < 0) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && !isLeap(year) ? 28 : (DAYS[month] ?? 0));
}

function time(value: string): boolean {
  const m = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|([+-])(\d{2}):(\d{2}))$/i.exec(value);
  if (!m) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const tzSign = m[6] === "-" ? -1 : 1;
  const tzHour = Number(m[7] ?? 0);
  const tzMinute = Number(m[8] ?? 0);
  if (tzHour > 23 || tzMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second <= 59) return true;
  // A leap second is 23:59:60 in UTC.
  const utcMinute = minute - tzMinute * tzSign;
  const utcHour = hour - tzHour * tzSign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second === 60;
}

function dateTime(value: string): boolean {
  const at = value.search(/[tT ]/);
  return at === 10 && date(value.slice(0, at)) && time(value.slice(at + 1));
}

function duration(value: string): boolean {
  if (/^P\d+W$/.test(value)) return true;
  const m = /^P(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/.exec(value);
  return m !== null && value !== "P" && !value.endsWith("T");
}

// Character classes of hostname labels and email atoms, by char code (ASCII only, as the case-insensitive
// regular expressions these loops replace match). Loops, not split() and a regex per part: a format
// check runs on every call a dispatcher validates.
const LABEL_END = 1; // [a-z0-9]
const LABEL_MID = 2; // [a-z0-9-]
const ATEXT = 4; // [a-z0-9!#$%&'*+/=?^_`{|}~-]
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[a-z0-9]/i.test(ch)) CHAR_CLASS[c]! |= LABEL_END | LABEL_MID | ATEXT;
  if (ch === "-") CHAR_CLASS[c]! |= LABEL_MID | ATEXT;
  if ("!#$%&'*+/=?^_`{|}~".includes(ch)) CHAR_CLASS[c]! |= ATEXT;
}
const is = (code: number, kind: number): boolean => code < 128 && (CHAR_CLASS[code]! & kind) !== 0;

/** Dot-separated labels of 1 to 63 of [a-z0-9-], each starting and ending with [a-z0-9]; one final dot allowed. */
function hostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const end = value.charCodeAt(value.length - 1) === 46 ? value.length - 1 : value.length;
  for (let start = 0; ; ) {
    let i = start;
    while (i < end && value.charCodeAt(i) !== 46) i++;
    const n = i - start;
    if (n < 1 || n > 63) return false;
    if (!is(value.charCodeAt(start), LABEL_END) || !is(value.charCodeAt(i - 1), LABEL_END)) return false;
    for (let k = start + 1; k < i - 1; k++) if (!is(value.charCodeAt(k), LABEL_MID)) return false;
    if (i >= end) return true;
    start = i + 1;
  }
}

/** Dot-separated non-empty atoms of RFC 5321's atext. */
function dotAtom(value: string, end: number): boolean {
  let size = 0;
  for (let i = 0; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c === 46) {
      if (size === 0) return false;
      size = 0;
    } else if (is(c, ATEXT)) size++;
    else return false;
  }
  return size > 0;
}

function email(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1 || value.length > 320) return false;
  // As ajv-formats' full mode: the domain has a dot (a@localhost and a@e are not addresses it accepts).
  const domain = value.slice(at + 1);
  return at <= 64 && dotAtom(value, at) && domain.includes(".") && hostname(domain) && !value.endsWith(".");
}

function ipv4(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function ipv6(value: string): boolean {
  let rest = value;
  let groups = 8;
  const lastColon = rest.lastIndexOf(":");
  if (rest.includes(".")) {
    if (!ipv4(rest.slice(lastColon + 1))) return false;
    rest = rest.slice(0, lastColon + 1) + "0";
    groups = 7;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return false;
  const hex = (s: string): string[] | undefined => {
    if (s === "") return [];
    const g = s.split(":");
    return g.every((x) => /^[0-9a-f]{1,4}$/i.test(x)) ? g : undefined;
  };
  const head = hex(halves[0] ?? "");
  if (head === undefined) return false;
  if (halves.length === 1) return head.length === groups;
  const tail = hex(halves[1] ?? "");
  return tail !== undefined && head.length + tail.length < groups;
}

const URI_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** RFC 3986 characters (unreserved, reserved, and `%` of a percent-encoding). */
const URI_CHARS = /^(?:[a-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9a-f]{2})*$/i;

function uriReference(value: string): boolean {
  if (!URI_CHARS.test(value)) return false;
  const hash = value.indexOf("#");
  if (hash !== -1 && value.indexOf("#", hash + 1) !== -1) return false;
  const authority = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(value);
  if (authority && authority[1] !== undefined) {
    const host = authority[1].slice(authority[1].lastIndexOf("@") + 1);
    if (host.startsWith("[")) {
      const close = host.indexOf("]");
      if (close === -1 || !/^(?::\d*)?$/.test(host.slice(close + 1))) return false;
      const inner = host.slice(1, close);
      if (!ipv6(inner) && !/^v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+$/i.test(inner)) return false;
    } else if (!/^[^:[\]]*(?::\d*)?$/.test(host)) {
      return false;
    }
  }
  return true;
}

function uri(value: string): boolean {
  return URI_SCHEME.test(value) && uriReference(value);
}

function uuid(value: string): boolean {
  return /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function jsonPointer(value: string): boolean {
  return /^(?:\/(?:[^~/]|~[01])*)*$/.test(value);
}

function relativeJsonPointer(value: string): boolean {
  const m = /^(?:0|[1-9]\d*)/.exec(value);
  if (!m) return false;
  const rest = value.slice(m[0].length);
  return rest === "#" || jsonPointer(rest);
}

/** Format name -> check. Ajv's standalone code reads `formats[name]` and calls it with the string. */
export const formats: { readonly [name: string]: FormatCheck } = Object.freeze({
  date,
  time,
  "date-time": dateTime,
  duration,
  email,
  hostname,
  ipv4,
  ipv6,
  uri,
  "uri-reference": uriReference,
  uuid,
  "json-pointer": jsonPointer,
  "relative-json-pointer": relativeJsonPointer,
});
