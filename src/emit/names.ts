/**
 * Safe, distinct TypeScript identifiers and file names for tool names. Every name matching
 * `^[a-zA-Z0-9_-]{1,128}$` is valid for the API (`3d_render`, `get-forecast`, `__proto__`, `constructor`).
 *
 * File names are a function of the tool's name alone (`fileStem`), so adding or removing a tool
 * never renames another tool's handler:
 * - a name with no upper-case letter that is not a Windows device name is its own stem
 *   (`get_weather` -> `get_weather.ts`);
 * - any other name is followed by `~` and, in lower-case hex, the bit mask of its upper-case
 *   letters' positions (bit i = character i): `Get_Weather` -> `Get_Weather~11`, `getWeather` ->
 *   `getWeather~8`, `con` -> `con~0`, `CON` -> `CON~7`.
 * `~` never occurs in a tool name, so the mapping is injective (the name is the stem up to the `~`),
 * and two stems that are equal ignoring case have equal masks and equal names ignoring case, so they
 * are the same name: stems are distinct on case-insensitive file systems too. A stem with `~` never
 * starts with a device name followed by a dot or its end, so Windows accepts it. The longest stem
 * (128 characters + `~` + 32 hex digits) fits any file system's 255-byte limit.
 *
 * TypeScript identifiers (`base`, `type`, `handler`) are de-duplicated across the set, in the stable
 * (sorted) order of the names: deterministic for a given set.
 */
import type { BundledTool, Diagnostic } from "../model.js";
import { InputError } from "../errors.js";

export interface ToolNames {
  /** The tool's name as the API knows it. */
  tool: string;
  /** PascalCase base, distinct among the tools: `GetWeather`, `GetForecast2`, `Tool3dRender`. */
  base: string;
  /** The input type: `GetWeatherInput`. */
  type: string;
  /** camelCase identifier for the handler: `getWeather`. */
  handler: string;
  /** File stem (no extension), distinct even on case-insensitive file systems. */
  file: string;
}

/** The API's tool name pattern (FORMATS.md, current docs): what makes a name safe as a file name and in code. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * The emitters' own guard, whatever the lint config says: a tool whose name does not match
 * `TOOL_NAME_PATTERN` stops the build before anything is computed from it.
 */
export function assertSafeToolNames(tools: readonly Pick<BundledTool, "name" | "source">[]): void {
  const bad: Diagnostic[] = tools
    .filter((t) => typeof t.name !== "string" || !TOOL_NAME_PATTERN.test(t.name))
    .map((t) => ({
      file: t.source.displayPath,
      tool: String(t.name),
      rule: "tool-name-format",
      severity: "error",
      pointer: "/name",
      message: `tool name ${tsString(String(t.name))} does not match ${TOOL_NAME_PATTERN.source}; it cannot become a file name or an identifier, so nothing was written`,
    }));
  if (bad.length > 0) throw new InputError(bad, `${bad.length} tool name(s) cannot be built; nothing was written`);
}

export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")
    // json-schema-to-typescript upper-cases a letter that follows digits; do the same, so the
    // name it prints is exactly the name we chose (`3d_render` -> `Tool3DRender`).
    .replace(/([0-9]+)([a-z])/g, (_m, digits: string, letter: string) => digits + letter.toUpperCase());
  if (joined === "") return "Tool";
  return /^[0-9]/.test(joined) ? `Tool${joined}` : joined;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The file stem of a tool (see the module comment): depends on the name alone. */
export function fileStem(tool: string): string {
  let mask = 0n;
  for (let i = 0; i < tool.length; i++) {
    const c = tool.charCodeAt(i);
    if (c >= 65 && c <= 90) mask |= 1n << BigInt(i);
  }
  if (mask === 0n && !WINDOWS_RESERVED.test(tool)) return tool;
  return `${tool}~${mask.toString(16)}`;
}

/** Assigns names to tools given in a stable order (sorted by name). */
export function assignNames(toolNames: readonly string[]): Map<string, ToolNames> {
  const bases = toolNames.map(pascalCase);
  const takenBases = new Set<string>();
  const naturalBases = new Set(bases);
  const result = new Map<string, ToolNames>();

  toolNames.forEach((tool, i) => {
    const natural = bases[i] ?? "Tool";
    let base = natural;
    // A suffixed name must be free and must not be the natural name of another tool.
    for (let n = 2; takenBases.has(base.toLowerCase()) || (base !== natural && naturalBases.has(base)); n++) {
      base = `${natural}${n}`;
    }
    takenBases.add(base.toLowerCase());
    result.set(tool, {
      tool,
      base,
      type: `${base}Input`,
      handler: base.charAt(0).toLowerCase() + base.slice(1),
      file: fileStem(tool),
    });
  });
  return result;
}

/**
 * The one string-literal escaper for generated code: a JSON string (valid TS) that also escapes
 * U+2028/U+2029 (line terminators: they would end a `//` comment) and the `/` of `*` + `/` (which
 * would close a block comment). The result is safe inside a string, a `//` comment and a block
 * comment alike; every name printed into generated code goes through it.
 */
export function tsString(value: string): string {
  // No lookbehind: over a large text (the legacy prompt) a lookbehind regex is several times slower.
  return JSON.stringify(value).replace(/[\u2028\u2029]|\*\//g, (c) => (c === "*/" ? "*\\u002f" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
