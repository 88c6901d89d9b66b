/** The managed-agents target: Claude Managed Agents' custom tools, their name rule and the agent's tool cap, and the session tool runner's tools. */
import { defineTarget } from "../target.js";
import { managedAgents as profile } from "./facts.js";
import output from "./output.js";
import toolCount from "./rules/tool-count.js";
import toolNameFormat from "./rules/tool-name-format.js";

export default defineTarget({
  id: "managed-agents",
  title: profile.title,
  profile,
  rules: [toolNameFormat, toolCount],
  outputs: [output],
});
