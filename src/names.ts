/**
 * Safe, distinct TypeScript identifiers and file names for tool names. Every name matching
 * `^[a-zA-Z0-9_-]{1,64}$` is valid for the API (`3d_render`, `get-forecast`, `__proto__`, `constructor`),
 * so names are derived here once, deterministically, from the whole set of tools.
 */

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

/** Assigns names to tools given in a stable order (sorted by name). */
export function assignNames(toolNames: readonly string[]): Map<string, ToolNames> {
  const bases = toolNames.map(pascalCase);
  const takenBases = new Set<string>();
  const naturalBases = new Set(bases);
  const takenFiles = new Set<string>();
  const naturalFiles = new Set(toolNames.map((n) => n.toLowerCase()));
  const result = new Map<string, ToolNames>();

  toolNames.forEach((tool, i) => {
    const natural = bases[i] ?? "Tool";
    let base = natural;
    // A suffixed name must be free and must not be the natural name of another tool.
    for (let n = 2; takenBases.has(base.toLowerCase()) || (base !== natural && naturalBases.has(base)); n++) {
      base = `${natural}${n}`;
    }
    takenBases.add(base.toLowerCase());

    let file = WINDOWS_RESERVED.test(tool) ? `${tool}_` : tool;
    const stem = file;
    for (let n = 2; takenFiles.has(file.toLowerCase()) || (file !== stem && naturalFiles.has(file.toLowerCase())); n++) {
      file = `${stem}__${n}`;
    }
    takenFiles.add(file.toLowerCase());

    result.set(tool, {
      tool,
      base,
      type: `${base}Input`,
      handler: base.charAt(0).toLowerCase() + base.slice(1),
      file,
    });
  });
  return result;
}

/** A string literal for generated TypeScript (JSON quoting is valid TS). */
export function tsString(value: string): string {
  return JSON.stringify(value);
}
