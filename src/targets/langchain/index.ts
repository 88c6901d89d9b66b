/** The langchain target: LangChain.js tools (`@langchain/core` 1.x), for `model.bindTools(tools)`. */
import { defineTarget } from "../target.js";
import output from "./output.js";

export default defineTarget({
  id: "langchain",
  title: "LangChain",
  rules: [],
  outputs: [output],
});
