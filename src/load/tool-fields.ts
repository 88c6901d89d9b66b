/**
 * Claude's newer tool fields (issue 15), and every other top-level field a tool file may hold: one
 * data file, so a field the API adds is one line here.
 *
 * Source of the pass-through fields and their types: the `Tool` interface of `@anthropic-ai/sdk`
 * 1.12.0 (`resources/messages/messages.d.ts`), which declares `allowed_callers`, `cache_control`
 * (`CacheControlEphemeral | null`), `defer_loading`, `eager_input_streaming` (`boolean | null`),
 * `input_examples` (`Array<{ [key: string]: unknown }>`), `strict` and `type` (`'custom' | null`).
 * They pass through to `tools.json` and `tools.ts`; the legacy prompt and the MCP server ignore them.
 *
 * toolgen's own `needs_approval` (`true`/`false`) says a person must approve each call before it runs:
 * the framework outputs that can ask pass it on (the openai-agents output's `needsApproval`). It is
 * type-checked here and kept out of `tools.json`, which the API would reject it in.
 */
import type { AllowedCaller, JsonObject, JsonValue, ToolFields } from "../model.js";
import { escapeToken, isPlainObject } from "../schema/pointer.js";

/** `allowed_callers` values the SDK's `Tool` type accepts (SDK 1.12.0). */
export const ALLOWED_CALLERS: readonly AllowedCaller[] = ["direct", "code_execution_20250825", "code_execution_20260120", "code_execution_20260521"];

/** `cache_control.ttl` values (the SDK's `CacheControlEphemeral`). */
export const CACHE_TTLS = ["5m", "1h"] as const;

/** The pass-through fields, in the order tools.json writes them (after name, description, input_schema). */
export const PASS_THROUGH_FIELDS = ["type", "strict", "input_examples", "cache_control", "defer_loading", "allowed_callers", "eager_input_streaming"] as const;

/**
 * Every top-level field a tool file may hold: the API's, then toolgen's own. `original_name` is
 * written by `toolgen import`; `title`, `annotations`, `output_schema`/`outputSchema`, `execution`,
 * `icons` and `_meta` are read by the MCP output (src/targets/mcp/emit.ts), and only by it; `needs_approval` by the framework outputs;
 * `tags` (strings) by toolsets and the tool search (src/toolsets/, src/search/), and never sent to a provider. Keys starting `x-` (e.g. `x-imported-from`) are
 * extensions, always allowed; `$schema` and `$comment` are too.
 */
export const KNOWN_TOOL_FIELDS: readonly string[] = [
  "name",
  "description",
  "input_schema",
  ...PASS_THROUGH_FIELDS,
  "original_name",
  "tags",
  "title",
  "annotations",
  "output_schema",
  "outputSchema",
  "execution",
  "icons",
  "_meta",
  "needs_approval",
  "$schema",
  "$comment",
];

export function isKnownToolField(key: string): boolean {
  return KNOWN_TOOL_FIELDS.includes(key) || key.startsWith("x-");
}

/** MCP's tool annotations (spec 2025-03-26 on, `ToolAnnotations`): the display title and the four behaviour hints. */
export const ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** A tool file's `annotations` as MCP's `ToolAnnotations` has them: `title` a string, each hint true or false. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * The `annotations` of a parsed tool file (MCP's, read by every output that carries them: the MCP server,
 * the Claude Agent SDK's tool(), the approval feature): the known keys of the right type, in MCP's order;
 * undefined when none is set. Other keys and values of another type are left out.
 */
export function readAnnotations(data: unknown): ToolAnnotations | undefined {
  if (!isPlainObject(data) || !isPlainObject(data.annotations)) return undefined;
  const given = data.annotations;
  const kept: Record<string, string | boolean> = {};
  for (const key of ANNOTATION_KEYS) {
    const v = given[key];
    if (typeof v === "boolean" || (key === "title" && typeof v === "string")) kept[key] = v;
  }
  return Object.keys(kept).length > 0 ? (kept as ToolAnnotations) : undefined;
}

/** The file's `tags`: undefined when absent, else the strings or a problem (tags select toolsets and feed the tool search). */
export function readTags(data: Record<string, unknown>): { tags?: string[]; problem?: FieldProblem } {
  if (!Object.hasOwn(data, "tags")) return {};
  const value = data.tags;
  if (!Array.isArray(value)) return { problem: { kind: "wrongType", pointer: "/tags", data: { field: "tags", expected: "an array of strings", found: describe(value) } } };
  const bad = value.findIndex((t) => typeof t !== "string" || t === "");
  if (bad >= 0) return { problem: { kind: "wrongType", pointer: `/tags/${bad}`, data: { field: "tags", expected: "a non-empty string (a tag)", found: describe(value[bad]) } } };
  return { tags: value as string[] };
}

/** A field of the wrong type: where, and what the rule `tool-field-type` says (message id, data). */
export interface FieldProblem {
  kind: string;
  pointer: string;
  data: Record<string, string>;
}

const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";

/** The pass-through fields of a tool file with their types checked: the valid ones, and a problem per wrong one. */
export function readToolFields(data: Record<string, unknown>): { fields: ToolFields; problems: FieldProblem[] } {
  const fields: ToolFields = {};
  const problems: FieldProblem[] = [];
  const wrong = (field: string, expected: string, pointer = `/${field}`, found: string = describe(data[field])) =>
    problems.push({ kind: "wrongType", pointer, data: { field, expected, found } });
  const has = (key: string) => Object.hasOwn(data, key);

  if (has("type")) {
    if (data.type === "custom") fields.type = "custom";
    else wrong("type", `"custom"`);
  }
  for (const key of ["strict", "defer_loading", "needs_approval"] as const) {
    if (!has(key)) continue;
    const value = data[key];
    if (isBoolean(value)) fields[key] = value;
    else wrong(key, "true or false");
  }
  if (has("eager_input_streaming")) {
    const value = data.eager_input_streaming;
    if (value === null || isBoolean(value)) fields.eager_input_streaming = value;
    else wrong("eager_input_streaming", "true, false or null");
  }
  if (has("input_examples")) {
    const value = data.input_examples;
    if (!Array.isArray(value)) {
      wrong("input_examples", "an array of objects (example inputs)");
    } else {
      const bad = value.findIndex((e) => !isPlainObject(e));
      if (bad >= 0) wrong("input_examples", "an object (an example input)", `/input_examples/${bad}`, describe(value[bad]));
      else fields.input_examples = value as JsonObject[];
    }
  }
  if (has("cache_control")) {
    const value = data.cache_control;
    const problem = cacheControlProblem(value);
    if (problem === undefined) fields.cache_control = value as ToolFields["cache_control"];
    else wrong("cache_control", `null or {"type": "ephemeral"} with an optional "ttl" of ${CACHE_TTLS.map((t) => `"${t}"`).join(" or ")}`, problem.pointer, problem.found);
  }
  if (has("allowed_callers")) {
    const value = data.allowed_callers;
    const callers = ALLOWED_CALLERS.map((c) => `"${c}"`).join(", ");
    if (!Array.isArray(value)) {
      wrong("allowed_callers", `an array of ${callers}`);
    } else {
      const bad = value.findIndex((c) => typeof c !== "string" || !(ALLOWED_CALLERS as readonly string[]).includes(c));
      if (bad >= 0) wrong("allowed_callers", `one of ${callers}`, `/allowed_callers/${bad}`, describe(value[bad]));
      else fields.allowed_callers = value as AllowedCaller[];
    }
  }
  // MCP-only fields: checked here for shape, sent only by the MCP server (never to tools.json).
  if (has("icons")) {
    const problem = iconsProblem(data.icons);
    if (problem !== undefined) wrong("icons", problem.expected, problem.pointer, problem.found);
  }
  if (has("_meta")) {
    const value = data._meta;
    if (!isPlainObject(value)) wrong("_meta", "an object (MCP's _meta: keys like \"anthropic/alwaysLoad\" or \"ui\")");
    else {
      const bad = Object.keys(value).find((k) => k.length > 256 || !META_KEY.test(k));
      if (bad !== undefined) wrong("_meta", "keys of MCP's _meta form (an optional prefix of dot-separated labels and a slash, then a name of letters, digits, -, _ and .)", `/_meta/${escapeToken(bad)}`, `the key ${describe(bad)}`);
    }
  }
  return { fields, problems };
}

/**
 * MCP's `_meta` key format (spec 2025-11-25, "General fields: _meta"): an optional prefix (labels of
 * letters, digits and hyphens, each starting with a letter and ending with a letter or digit, joined by
 * dots, then a slash) and a name that, unless empty, begins and ends with a letter or digit and holds
 * letters, digits, hyphens, underscores and dots. (A key over 256 characters is refused before the test.)
 */
export const META_KEY = /^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

const ICON_THEMES = ["light", "dark"];

/**
 * MCP's `icons` (SEP-973; the SDK's `IconSchema`, @modelcontextprotocol/core 2.4
 * `{src: string, mimeType?: string, sizes?: string[], theme?: "light" | "dark"}`), or what is wrong.
 */
function iconsProblem(value: unknown): { expected: string; pointer: string; found: string } | undefined {
  const icon = `an icon {"src": a URI, "mimeType"?: a string, "sizes"?: an array of strings, "theme"?: "light" or "dark"}`;
  if (!Array.isArray(value)) return { expected: `an array of icons (${icon})`, pointer: "/icons", found: describe(value) };
  for (const [i, entry] of value.entries()) {
    const at = `/icons/${i}`;
    if (!isPlainObject(entry)) return { expected: icon, pointer: at, found: describe(entry) };
    if (typeof entry.src !== "string" || entry.src === "") return { expected: "a non-empty string (the icon's URI)", pointer: `${at}/src`, found: describe(entry.src) };
    if (Object.hasOwn(entry, "mimeType") && typeof entry.mimeType !== "string") return { expected: "a string", pointer: `${at}/mimeType`, found: describe(entry.mimeType) };
    const sizes = entry.sizes;
    if (Object.hasOwn(entry, "sizes") && !(Array.isArray(sizes) && sizes.every((s) => typeof s === "string"))) return { expected: "an array of strings (e.g. \"48x48\")", pointer: `${at}/sizes`, found: describe(sizes) };
    if (Object.hasOwn(entry, "theme") && !ICON_THEMES.includes(entry.theme as string)) return { expected: `"light" or "dark"`, pointer: `${at}/theme`, found: describe(entry.theme) };
  }
  return undefined;
}

function cacheControlProblem(value: unknown): { pointer: string; found: string } | undefined {
  if (value === null) return undefined;
  if (!isPlainObject(value)) return { pointer: "/cache_control", found: describe(value) };
  for (const key of Object.keys(value)) {
    if (key !== "type" && key !== "ttl") return { pointer: `/cache_control/${escapeToken(key)}`, found: `an object with a field '${key.slice(0, 40)}'` };
  }
  if (value.type !== "ephemeral") return { pointer: "/cache_control/type", found: `a type of ${describe(value.type)}` };
  if (Object.hasOwn(value, "ttl") && !(CACHE_TTLS as readonly unknown[]).includes(value.ttl)) return { pointer: "/cache_control/ttl", found: `a ttl of ${describe(value.ttl)}` };
  return undefined;
}


/** A value as a message shows it: short JSON for scalars, a kind for the rest. */
function describe(value: unknown): string {
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  const text = JSON.stringify(value as JsonValue);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The closest known field to `key` (for "did you mean"): case, `_` and `-` ignored, then edit distance. */
export function closestToolField(key: string): { field: string; distance: number } {
  const norm = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const target = norm(key);
  let best = { field: KNOWN_TOOL_FIELDS[0]!, distance: Infinity };
  for (const field of KNOWN_TOOL_FIELDS) {
    if (field.startsWith("$")) continue;
    const distance = editDistance(target, norm(field));
    if (distance < best.distance) best = { field, distance };
  }
  return best;
}

function editDistance(a: string, b: string): number {
  // Bounded: keys longer than this are compared on their first 64 characters (a hostile key stays cheap).
  a = a.slice(0, 64);
  b = b.slice(0, 64);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
