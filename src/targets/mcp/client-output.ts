/** The `mcp-client` output (generated/mcp-client/: a typed client of an MCP server, over the official MCP client). */
import { defineOutput } from "../../outputs/output.js";
import { withRe2 } from "./output.js";

/**
 * Opt-in: `createToolClient(client)`, one typed method per tool, for tools someone else's server lists
 * (`toolgen import mcp`). The generated folder imports no package: the application passes its connected
 * client of the official SDK.
 */
export default defineOutput({
  id: "mcp-client",
  description: "mcp-client/client.ts: createToolClient(client), a typed method per tool of an MCP server (say, one `toolgen import mcp` read) that validates its arguments before sending them through the official MCP client and checks structuredContent against the output schema (opt-in)",
  optIn: true,
  needs: ["types", "validators", "runtime"],
  runtime: ["mcp-client.ts"],
  emit: async (ctx) => {
    const { emitMcpClient } = await import("./client-emit.js");
    return withRe2(ctx, await emitMcpClient(ctx.tools, ctx.names), "mcp-client", true);
  },
});
