/**
 * How many tools the clients a config names (`"clients": ["cursor"]`) load, as facts with their
 * sources. The providers' own caps are their targets' facts (src/targets/<id>/facts.ts, `maxTools`).
 * A number that changes is a one-line edit here.
 */

/** A cap on the number of tools, and where it is documented. */
export interface ToolCap {
  /** How messages name who caps it, e.g. "Cursor". */
  title: string;
  max: number;
  source: string;
}

export const CLIENT_CAPS = {
  // Source: Cursor's MCP docs (https://docs.cursor.com/context/model-context-protocol, "Tool quantity"):
  // "Cursor currently supports a maximum of 80 tools" (it was 40 until 2025; forum thread 77155).
  cursor: { title: "Cursor", max: 80, source: "https://docs.cursor.com/context/model-context-protocol" },
  // Source: Windsurf's MCP docs (https://docs.windsurf.com/windsurf/cascade/mcp): "Cascade has a limit
  // of 50 total tools that it can have access to at any given time".
  windsurf: { title: "Windsurf", max: 50, source: "https://docs.windsurf.com/windsurf/cascade/mcp" },
  // Source: VS Code's MCP docs (https://code.visualstudio.com/docs/copilot/chat/mcp-servers): "A chat
  // request can have a maximum of 128 tools enabled at a time".
  vscode: { title: "VS Code", max: 128, source: "https://code.visualstudio.com/docs/copilot/chat/mcp-servers" },
} as const satisfies Record<string, ToolCap>;

export type ClientId = keyof typeof CLIENT_CAPS;
export const CLIENT_IDS = Object.keys(CLIENT_CAPS) as ClientId[];
