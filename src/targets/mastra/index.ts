/** The mastra target: Mastra (`@mastra/core`), its `createTool()`s over the handler files. */
import { defineTarget } from "../target.js";
import output from "./output.js";

export default defineTarget({
  id: "mastra",
  title: "Mastra",
  rules: [],
  outputs: [output],
});
