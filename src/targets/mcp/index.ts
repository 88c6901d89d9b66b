/** The mcp target: a Model Context Protocol server over the official SDK (stdio and Streamable HTTP). */
import { defineTarget } from "../target.js";
import { mcp as profile } from "./facts.js";
import output from "./output.js";
import toolNameFormat from "./rules/tool-name-format.js";

export default defineTarget({
  id: "mcp",
  title: profile.title,
  profile,
  rules: [toolNameFormat],
  outputs: [output],
});
