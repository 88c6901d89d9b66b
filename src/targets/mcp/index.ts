/** The mcp target: a Model Context Protocol server over the official SDK (stdio and Streamable HTTP), and a typed client of one. */
import { defineTarget } from "../target.js";
import { mcp as profile } from "./facts.js";
import output from "./output.js";
import clientOutput from "./client-output.js";
import executionRemoved from "./rules/execution-removed.js";
import toolNameFormat from "./rules/tool-name-format.js";
import xMcpHeader from "./rules/x-mcp-header.js";
import schemaDialect from "./rules/schema-dialect.js";
import annotationsDirectory from "./rules/annotations-directory.js";
import destructiveHint from "./rules/destructive-hint.js";
import { mcpDiscovery, mcpProfile } from "./output.js";

export default defineTarget({
  id: "mcp",
  title: profile.title,
  profile,
  rules: [toolNameFormat, xMcpHeader, executionRemoved, schemaDialect, annotationsDirectory, destructiveHint],
  outputs: [output, clientOutput],
  settings: [mcpProfile, mcpDiscovery],
});
