// toolgen runtime: the legacy prompt-based tool format (XML in the prompt).
// Copied verbatim into generated output; imports nothing but its sibling files.
//
// Whitespace rules (shared by renderFunctionCalls and parseFunctionCalls):
// - A string value that contains "\n" is written on its own lines: "<p>\nvalue\n</p>". When
//   reading, exactly one "\n" directly after the opening tag and one directly before the closing
//   tag are removed (each independently); nothing else is trimmed from strings. "\r" is kept.
// - Non-string values (numbers, booleans, null, arrays, objects) are trimmed before conversion.
// - Tool names are trimmed. Rendered blocks never end with a newline.
// - A value is converted by its parameter's conversion, which the build decided from the schema
//   together with the prompt's `<type>` (generated legacy.ts, `legacyConversions`). When several
//   types are allowed, every type but `string` is tried first (in schema order), and `string` last:
//   `[1,2]` for a string-or-array parameter is an array, `42` for a string-or-integer one is 42. The
//   text format cannot tell a string that looks like JSON from the JSON it looks like; this is the
//   reading a model means. An untyped parameter (any JSON value) is the JSON the text is, else the text.
// - Scanning is linear in the text: each `<` is looked at once, up to the next `<` or `>`.

import { convertValue, setOwn } from "./values.js";
import type { ValueKind } from "./values.js";

export type { JsonSchema, ValueKind } from "./values.js";

/** One tool's conversions: each parameter's, and the one for parameters it does not name. */
export interface ToolConversion {
  readonly parameters: readonly (readonly [name: string, kinds: readonly ValueKind[]])[];
  readonly additional?: readonly ValueKind[];
}

/** Every tool's conversions, by tool name (generated legacy.ts exports them as `legacyConversions`). */
export type LegacyConversions = readonly (readonly [tool: string, conversion: ToolConversion])[];

type Table = ReadonlyMap<
  string,
  { parameters: ReadonlyMap<string, readonly ValueKind[]>; additional: readonly ValueKind[] }
>;

const tables = new WeakMap<LegacyConversions, Table>();

function tableOf(conversions: LegacyConversions | undefined): Table | undefined {
  if (conversions === undefined || !Array.isArray(conversions)) return undefined;
  let table = tables.get(conversions);
  if (table === undefined) {
    table = new Map(
      conversions.map(([tool, c]) => [tool, { parameters: new Map(c.parameters), additional: c.additional ?? [] }]),
    );
    tables.set(conversions, table);
  }
  return table;
}

export interface FunctionCall {
  name: string;
  input: Record<string, unknown>;
  /** Set when the call could not be read; a message the model can act on (no "Error: " prefix). */
  error?: string;
}

export interface ParsedFunctionCalls {
  /** The text before `<function_calls>`, verbatim (the whole input when there is no block). */
  text: string;
  calls: FunctionCall[];
}

export type FunctionResult = { name: string; ok: true; stdout: string } | { name: string; ok: false; error: string };

const OPEN_CALLS = "<function_calls>";

const ESCAPES: { readonly [c: string]: string } = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const NAMED: { readonly [c: string]: string } = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g;

/** Escapes `&`, `<` and `>` (quotes are left alone: the format has no attributes). */
export function escapeXml(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c) : text;
}

/** Decodes the five XML named entities and numeric entities (`&#60;`, `&#x3C;`), in one pass. */
export function unescapeXml(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(ENTITY, (m: string, hex?: string, dec?: string, named?: string) => {
    if (named !== undefined) return NAMED[named] ?? m;
    const cp = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
    return cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

// ---------------------------------------------------------------------------------------------
// Scanner.

interface Tag {
  name: string;
  attrs: string;
  closing: boolean;
  selfClosing: boolean;
  /** Index just after the closing `>`. */
  end: number;
}

/**
 * Reads the tag at `lt`: a Tag, null when this `<` opens no tag, undefined when the text ends first.
 * Looks only up to the next `<` or `>`, so a run of `<` costs linear time in all.
 */
function readTag(src: string, lt: number): Tag | null | undefined {
  let gt = lt + 1;
  for (; gt < src.length; gt++) {
    const c = src.charCodeAt(gt);
    if (c === 62 /* > */) break;
    if (c === 60 /* < */) return null;
  }
  if (gt >= src.length) return undefined;
  let body = src.slice(lt + 1, gt);
  const closing = body.startsWith("/");
  if (closing) body = body.slice(1);
  const selfClosing = body.endsWith("/");
  if (selfClosing) body = body.slice(0, -1);
  const m = /^([^\s/!?]+)([\s\S]*)$/.exec(body);
  if (m === null) return null;
  return { name: m[1] ?? "", attrs: m[2] ?? "", closing, selfClosing, end: gt + 1 };
}

function nameAttr(attrs: string): string | undefined {
  const m = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attrs);
  return m ? unescapeXml(m[1] ?? m[2] ?? "") : undefined;
}

interface InvokeState {
  name: string | undefined;
  params: Array<[string, string]>;
  /** Parameter whose closing tag never came (the text was cut inside it). */
  cutIn?: string;
}

/** Reads one parameter element opened by `tag`; returns the index after it or -1 if cut. */
function readParam(src: string, tag: Tag, state: InvokeState): number {
  const attrName = tag.name === "parameter" ? nameAttr(tag.attrs) : undefined;
  const name = attrName ?? tag.name;
  if (tag.selfClosing) {
    state.params.push([name, ""]);
    return tag.end;
  }
  const closeTag = `</${tag.name}>`;
  const close = src.indexOf(closeTag, tag.end);
  if (close < 0) {
    state.cutIn = name;
    return -1;
  }
  let raw = src.slice(tag.end, close);
  if (raw.startsWith("\n")) raw = raw.slice(1);
  if (raw.endsWith("\n")) raw = raw.slice(0, -1);
  state.params.push([name, raw]);
  return close + closeTag.length;
}

/** Parses one `<invoke>`; returns where scanning continues. */
function parseInvoke(src: string, open: Tag, calls: FunctionCall[], table: Table | undefined): number {
  const state: InvokeState = { name: nameAttr(open.attrs), params: [] };
  let pos = open.end;
  let inParams = false;
  let paramsDone = false;
  let closed = false;
  let cut = false;
  for (;;) {
    const lt = src.indexOf("<", pos);
    const tag = lt < 0 ? undefined : readTag(src, lt);
    if (tag === undefined) {
      cut = true;
      pos = src.length;
      break;
    }
    if (tag === null) {
      pos = lt + 1;
      continue;
    }
    if (tag.closing) {
      if (tag.name === "invoke") {
        closed = true;
        pos = tag.end;
        break;
      }
      if (tag.name === "function_calls") {
        pos = lt;
        break;
      }
      if (tag.name === "parameters") {
        inParams = false;
        paramsDone = true;
      }
      pos = tag.end;
      continue;
    }
    if (tag.name === "invoke" && !inParams) {
      pos = lt;
      break;
    }
    if (tag.name === "tool_name" && !inParams) {
      const close = tag.selfClosing ? tag.end : src.indexOf("</tool_name>", tag.end);
      if (close < 0) {
        cut = true;
        pos = src.length;
        break;
      }
      state.name = tag.selfClosing ? "" : unescapeXml(src.slice(tag.end, close)).trim();
      pos = tag.selfClosing ? tag.end : close + "</tool_name>".length;
      continue;
    }
    if (tag.name === "parameters" && !inParams) {
      inParams = !tag.selfClosing;
      paramsDone = tag.selfClosing;
      pos = tag.end;
      continue;
    }
    const next = readParam(src, tag, state); // lenient: a parameter even without <parameters>
    if (next < 0) {
      cut = true;
      pos = src.length;
      break;
    }
    pos = next;
  }
  calls.push(buildCall(state, closed || paramsDone || !cut, inParams, table));
  return pos;
}

function buildCall(state: InvokeState, complete: boolean, inParams: boolean, table: Table | undefined): FunctionCall {
  const name = state.name ?? "";
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  const tool = name === "" ? undefined : table?.get(name);
  const seen = new Set<string>();
  for (const [param, raw] of state.params) {
    if (seen.has(param)) {
      problems.push(`Parameter '${param}' was given more than once`);
      continue;
    }
    seen.add(param);
    const text = unescapeXml(raw);
    const r = convertValue(param, text, tool === undefined ? [] : (tool.parameters.get(param) ?? tool.additional));
    if (r.ok) setOwn(input, param, r.value);
    else {
      setOwn(input, param, text);
      problems.push(r.message ?? `Parameter '${param}' is invalid`);
    }
  }
  if (state.cutIn !== undefined) {
    problems.unshift(
      `The call was cut off inside parameter '${state.cutIn}' (no closing </${state.cutIn}> tag); ` +
        `send the whole call again`,
    );
  } else if (!complete) {
    problems.unshift(
      `The call was cut off ${inParams ? "inside <parameters>" : "before it was complete"}; ` +
        `send the whole call again, ending with </invoke>`,
    );
  }
  if (name === "") {
    problems.unshift("The <invoke> block has no <tool_name>; write <tool_name>NAME</tool_name> before <parameters>");
  }
  const call: FunctionCall = { name, input };
  if (problems.length > 0) call.error = problems.join("; ");
  return call;
}

/**
 * Reads the model's `<function_calls>` block. Never throws. The closing `</function_calls>` is
 * optional (it is normally the stop sequence). Values are converted by `conversions` (generated
 * legacy.ts's `legacyConversions`); without them, or for an unknown tool, values stay text.
 */
export function parseFunctionCalls(text: string, conversions?: LegacyConversions): ParsedFunctionCalls {
  if (typeof text !== "string") return { text: "", calls: [] };
  const start = text.indexOf(OPEN_CALLS);
  if (start < 0) return { text, calls: [] };
  return { text: text.slice(0, start), calls: scanCalls(text, start, tableOf(conversions)).calls };
}

/** The invokes of the block opening at `start`: each call, and where its `<invoke>` starts and its reading ended. */
function scanCalls(
  text: string,
  start: number,
  table: Table | undefined,
): { calls: FunctionCall[]; spans: Array<[number, number]> } {
  const calls: FunctionCall[] = [];
  const spans: Array<[number, number]> = [];
  try {
    let pos = start + OPEN_CALLS.length;
    for (;;) {
      const lt = text.indexOf("<", pos);
      const tag = lt < 0 ? undefined : readTag(text, lt);
      if (tag === undefined || (tag?.closing === true && tag.name === "function_calls")) break;
      if (tag !== null && !tag.closing && !tag.selfClosing && tag.name === "invoke") {
        pos = parseInvoke(text, tag, calls, table);
        spans.push([lt, pos]);
      } else pos = tag === null ? lt + 1 : tag.end;
    }
  } catch (e) {
    calls.push({ name: "", input: {}, error: `The <function_calls> block could not be read (${String(e)})` });
  }
  return { calls, spans };
}

/**
 * The block's calls one by one, each as a block of its own that reads as that call did in the whole
 * block: its `<invoke>` text, closed by `</function_calls>` unless the call ran to the end of the
 * text (a cut call stays cut). Each name is the call's tool name, as parseFunctionCalls reads it; a
 * block that could not be read past some point ends with that error instead of a block. Undefined
 * when there is no block.
 */
export function splitFunctionCalls(
  text: string,
): Array<{ name: string; block: string } | { name: string; error: string }> | undefined {
  if (typeof text !== "string") return undefined;
  const start = text.indexOf(OPEN_CALLS);
  if (start < 0) return undefined;
  const { calls, spans } = scanCalls(text, start, undefined);
  return calls.map((call, i) => {
    const span = spans[i];
    if (span === undefined)
      return { name: call.name, error: call.error ?? "The <function_calls> block could not be read" };
    const [from, to] = span;
    return {
      name: call.name,
      block: `${OPEN_CALLS}${text.slice(from, to)}${to < text.length ? "</function_calls>" : ""}`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering.

function renderValue(value: unknown): string {
  if (typeof value === "string") {
    const escaped = escapeXml(value);
    return value.includes("\n") ? `\n${escaped}\n` : escaped;
  }
  if (typeof value === "bigint") return value.toString();
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return escapeXml(json ?? String(value));
}

/** Writes calls the way the model does (for tests and few-shot examples). No trailing newline. */
export function renderFunctionCalls(calls: readonly { name: string; input: Record<string, unknown> }[]): string {
  let out = OPEN_CALLS;
  for (const call of calls) {
    out += `\n<invoke>\n<tool_name>${escapeXml(call.name)}</tool_name>\n<parameters>`;
    for (const key of Object.keys(call.input)) {
      const value = call.input[key];
      if (value !== undefined) out += `\n<${key}>${renderValue(value)}</${key}>`;
    }
    out += "\n</parameters>\n</invoke>";
  }
  return `${out}\n</function_calls>`;
}

/** The `<function_results>` block the client sends back (FORMATS.md §3). No trailing newline. */
export function renderFunctionResults(results: readonly FunctionResult[]): string {
  let out = "<function_results>";
  for (const r of results) {
    // `=== false`, not `if (r.ok)`: without strictNullChecks only an equality narrows the union.
    if (r.ok === false) {
      out += `\n<error>\n${escapeXml(String(r.error))}\n</error>`;
    } else {
      const name = escapeXml(String(r.name));
      const stdout = escapeXml(String(r.stdout));
      out += `\n<result>\n<tool_name>${name}</tool_name>\n<stdout>\n${stdout}\n</stdout>\n</result>`;
    }
  }
  return `${out}\n</function_results>`;
}
