/**
 * The `mcp` output when the build has toolsets (issue 28): one server per toolset, chosen by name at
 * start-up. `mcp/server.ts` gains `toolsets` (each set's tool names), `McpToolsetName`,
 * `checkedToolset()` and the `toolset` option of `createMcpServer()`: such a server lists only the
 * set's tools (the whole-folder server's entries for them, deferLoading's `_meta` included) and
 * answers a call to any other tool with an isError result naming the set (runtime/toolset.ts's
 * message, the one the toolset's native dispatcher gives). The transports pass `toolset` on and check
 * it before serving; the entries read `--toolset NAME` or `MCP_TOOLSET` and stop with exit 1 and the
 * toolsets' names when it is no toolset. A build without toolsets writes none of this: its mcp/ files
 * are the same bytes as before.
 */
import { tsString } from "../../emit/names.js";
import type { ResolvedToolset } from "../../toolsets/resolve.js";

/** server.ts: the import of the out-of-set message. */
export const TOOLSET_IMPORT = `import { outOfSetMessage } from "../runtime/toolset.js";`;

/** server.ts, after `known`: the toolsets, their names' type, the start-up check and each set's view. */
export function toolsetDeclarations(sets: readonly ResolvedToolset[]): string[] {
  return [
    `/**`,
    ` * The config's toolsets (toolgen.config "toolsets"), each with its tools in name order.`,
    ` * createMcpServer({ toolset }) serves one of them; the entries take it as --toolset NAME or MCP_TOOLSET.`,
    ` */`,
    `export const toolsets = {`,
    ...sets.flatMap((set) => [`  ${tsString(set.name)}: [`, ...set.tools.map((t) => `    ${tsString(t)},`), `  ],`]),
    `} as const;`,
    ``,
    `/** The name of one of the config's toolsets. */`,
    `export type McpToolsetName = keyof typeof toolsets;`,
    ``,
    `/**`,
    ` * The toolset named, or undefined for none (every tool); a name that is no toolset is a RangeError naming`,
    ` * them.`,
    ` */`,
    `export function checkedToolset(name: string | undefined): McpToolsetName | undefined {`,
    `  if (name === undefined) return undefined;`,
    `  if (Object.prototype.hasOwnProperty.call(toolsets, name)) return name as McpToolsetName;`,
    `  const known = Object.keys(toolsets).join(", ");`,
    `  throw new RangeError(\`unknown toolset '\${String(name).slice(0, 64)}' (toolsets: \${known})\`);`,
    `}`,
    ``,
    `/** What a server for one toolset lists and answers. */`,
    `interface ToolsetView {`,
    `  name: McpToolsetName;`,
    `  toolNames: readonly string[];`,
    `  members: ReadonlySet<string>;`,
    `  /** The toolset's entries of mcpTools (its tools/list answer), in their order. */`,
    `  tools: Tool[];`,
    `}`,
    ``,
    `const views = new Map<McpToolsetName, ToolsetView>();`,
    ``,
    `/** The view of the toolset named (made on its first use), or undefined for the whole folder. */`,
    `function toolsetView(name: McpToolsetName | undefined): ToolsetView | undefined {`,
    `  if (name === undefined) return undefined;`,
    `  let view = views.get(name);`,
    `  if (view === undefined) {`,
    `    const toolNames: readonly string[] = toolsets[name];`,
    `    const members: ReadonlySet<string> = new Set(toolNames);`,
    `    view = { name, toolNames, members, tools: mcpTools.filter((t) => members.has(t.name)) };`,
    `    views.set(name, view);`,
    `  }`,
    `  return view;`,
    `}`,
    ``,
  ];
}

/** server.ts, in McpServerOptions. */
export const TOOLSET_OPTION = [
  `  /**`,
  `   * Serve only this toolset (a key of \`toolsets\`): tools/list lists its tools, and a call to any other tool is`,
  `   * an isError result naming the toolset. A name that is no toolset is a RangeError. Default: every tool.`,
  `   */`,
  `  toolset?: McpToolsetName | undefined;`,
];

/** server.ts, createMcpServer's first lines: the view of the toolset asked for (checked). */
export const TOOLSET_VIEW = `  const view = toolsetView(checkedToolset(options.toolset));`;

/** server.ts: the tools/list handler of a server that may serve one toolset. */
export const TOOLSET_LIST = `  server.setRequestHandler("tools/list", () => ({ tools: view?.tools ?? mcpTools }));`;

/** server.ts, first in the tools/call handler: a call outside the toolset. */
export const TOOLSET_CALL_CHECK = [
  `    // A server for one toolset answers a call to any other tool (of the folder or not) as its dispatcher does.`,
  `    if (view !== undefined && !view.members.has(name)) {`,
  `      const text = outOfSetMessage(name, view.name, view.toolNames);`,
  `      return server.projectCallToolResult({ content: [{ type: "text", text }], isError: true }, undefined);`,
  `    }`,
];

/** `text` with `anchor` (which must occur exactly once) replaced: a template that changed is caught when the build runs. */
function patch(text: string, anchor: string, replacement: string): string {
  const at = text.indexOf(anchor);
  if (at === -1 || text.indexOf(anchor, at + 1) !== -1) throw new Error(`mcp toolsets: the anchor ${JSON.stringify(anchor)} is not in its template exactly once`);
  return text.slice(0, at) + replacement + text.slice(at + anchor.length);
}

const SERVER_IMPORT = `import { checkedTimeout, createMcpServer, type McpServerOptions } from "./server.js";`;
const CREATE = `    timeoutMs: options.timeoutMs,\n  };\n`;

/** stdio-server.ts and fetch.ts: the toolset checked before serving, and passed to each server. */
export function transportWithToolset(text: string): string {
  let out = patch(text, SERVER_IMPORT, `import { checkedTimeout, checkedToolset, createMcpServer, type McpServerOptions } from "./server.js";`);
  out = patch(out, `  checkedTimeout(options.timeoutMs);\n`, `  checkedTimeout(options.timeoutMs);\n  checkedToolset(options.toolset);\n`);
  return patch(out, CREATE, `    timeoutMs: options.timeoutMs,\n    toolset: options.toolset,\n  };\n`);
}

/** http-server.ts: the toolset passed to the fetch handler (which checks it before listening). */
export function httpServerWithToolset(text: string): string {
  return patch(text, `    timeoutMs: options.timeoutMs,\n    maxBodyBytes,\n`, `    timeoutMs: options.timeoutMs,\n    toolset: options.toolset,\n    maxBodyBytes,\n`);
}

/** The entries' reading of --toolset NAME / MCP_TOOLSET (plain concatenation: the entries are String.raw text). */
const TOOLSET_FROM_ARGS = `
/** The toolset to serve: --toolset NAME (or --toolset=NAME), else MCP_TOOLSET; none serves every tool. */
function toolsetOption(): McpToolsetName | undefined {
  const names = "toolsets: " + Object.keys(toolsets).join(", ");
  const args = process.argv.slice(2);
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = String(args[i]);
    if (arg === "--toolset") {
      name = args[++i];
      if (name === undefined) throw new RangeError("--toolset needs a toolset name (" + names + ")");
    } else if (arg.startsWith("--toolset=")) name = arg.slice("--toolset=".length);
    else {
      const shown = JSON.stringify(arg.slice(0, 64));
      throw new RangeError("unknown argument " + shown + " (the entry takes --toolset NAME; " + names + ")");
    }
  }
  const env = process.env["MCP_TOOLSET"];
  return checkedToolset(name ?? (env === "" ? undefined : env));
}
`;

const ENTRY_IMPORT = `import { checkedToolset, toolsets, type McpToolsetName } from "./server.js";\n`;
const TOOLSET_DOC =
  `// --toolset NAME (or MCP_TOOLSET): serve only that toolset of the config; an unknown name stops the entry\n` +
  `// with exit 1.\n`;

/** stdio.ts: --toolset NAME / MCP_TOOLSET read, checked and passed on. */
export function stdioEntryWithToolset(text: string): string {
  let out = patch(text, `import { startStdioServer } from "./stdio-server.js";\n`, `${TOOLSET_DOC}${ENTRY_IMPORT}import { startStdioServer } from "./stdio-server.js";\n`);
  out = patch(out, `\ntry {\n`, `${TOOLSET_FROM_ARGS}\ntry {\n`);
  const timeout = `    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),\n  });`;
  return patch(out, timeout, `    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),\n    toolset: toolsetOption(),\n  });`);
}

/** http.ts: --toolset NAME / MCP_TOOLSET read, checked, passed on and named in the start-up line. */
export function httpEntryWithToolset(text: string): string {
  let out = patch(text, `import { bearerTokenIs, startHttpServer } from "./http-server.js";\n`, `${TOOLSET_DOC}${ENTRY_IMPORT}import { bearerTokenIs, startHttpServer } from "./http-server.js";\n`);
  out = patch(out, `const host = process.env["HOST"]`, `${TOOLSET_FROM_ARGS.slice(1)}\nconst host = process.env["HOST"]`);
  out = patch(out, `  const hosts = process.env["MCP_ALLOWED_HOSTS"];\n`, `  const toolset = toolsetOption();\n  const hosts = process.env["MCP_ALLOWED_HOSTS"];\n`);
  out = patch(out, `    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),\n`, `    timeoutMs: fromEnv("MCP_TIMEOUT_MS"),\n    toolset,\n`);
  out = patch(out, `    const where = `, `    const serving = toolset === undefined ? "" : " (toolset " + toolset + ")";\n    const where = `);
  return patch(out, `":" + where + "/mcp\\n"`, `":" + where + "/mcp" + serving + "\\n"`);
}
