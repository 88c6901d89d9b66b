/** The anthropic-helpers target: the Anthropic SDK's tool runner (`client.beta.messages.toolRunner`), its tools over the handler files. */
import { defineTarget } from "../target.js";
import output from "./output.js";

export default defineTarget({
  id: "anthropic-helpers",
  title: "Anthropic SDK tool runner",
  rules: [],
  outputs: [output],
});
