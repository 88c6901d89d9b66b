/**
 * How many tools the clients a config names (`"clients": ["cursor"]`) load, as facts with their
 * sources. The providers' own caps are their targets' facts (src/targets/<id>/facts.ts, `maxTools`).
 * A number that changes is a one-line edit here.
 */

/** A cap on the number of tools (`null`: the client documents none), and where it is documented. */
export interface ToolCap {
  /** How messages name who caps it, e.g. "Cursor". */
  title: string;
  max: number | null;
  source: string;
}

export const CLIENT_CAPS = {
  // Source: Cursor's MCP docs (https://docs.cursor.com/context/model-context-protocol) no longer state a cap
  // (they said "Cursor currently supports a maximum of 80 tools" until 2026; Cursor now loads MCP tool schemas
  // on demand): checked on 2026-11-29 (issue 37). "cursor" stays a valid client and checks nothing.
  cursor: { title: "Cursor", max: null, source: "https://docs.cursor.com/context/model-context-protocol" },
  // Source: Windsurf's MCP docs (https://docs.windsurf.com/windsurf/cascade/mcp): "Cascade has a limit
  // of 100 total tools" (50 before): checked on 2026-11-29 (issue 37).
  windsurf: { title: "Windsurf", max: 100, source: "https://docs.windsurf.com/windsurf/cascade/mcp" },
  // Source: VS Code's MCP docs (https://code.visualstudio.com/docs/copilot/chat/mcp-servers): "A chat
  // request can have a maximum of 128 tools enabled at a time". Recorded on 2026-11-21, not re-checked.
  vscode: { title: "VS Code", max: 128, source: "https://code.visualstudio.com/docs/copilot/chat/mcp-servers" },
} as const satisfies Record<string, ToolCap>;

export type ClientId = keyof typeof CLIENT_CAPS;
export const CLIENT_IDS = Object.keys(CLIENT_CAPS) as ClientId[];
