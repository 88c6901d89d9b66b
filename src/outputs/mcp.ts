import { defineOutput } from "./output.js";

/** Opt-in (not in the default outputs): the generated code imports `@modelcontextprotocol/server`. */
export default defineOutput({
  id: "mcp",
  description: "mcp/*.ts: createMcpServer() with the official MCP SDK, and stdio and Streamable HTTP entries (opt-in)",
  optIn: true,
  needs: ["index", "native", "types", "validators", "runtime"],
  emit: async (ctx) => {
    const { emitMcp, MCP_NAME } = await import("../emit/mcp.js");
    for (const tool of ctx.tools) {
      if (!MCP_NAME.test(tool.name)) ctx.note(`the tool name '${tool.name}' breaks MCP's name rule (1-128 characters of A-Z a-z 0-9 _ . -)`);
    }
    return emitMcp(ctx.tools, ctx.names, ctx.handlersImportBase);
  },
});
