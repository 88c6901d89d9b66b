import { testRule, toolJson } from "../helpers/rule-tester.js";

const tools = (names: string[]) =>
  Object.fromEntries(names.map((name) => [`${name}.json`, toolJson({ name, description: "d", input_schema: { type: "object" } })]));

testRule("legacy-tool-count", {
  valid: [
    { name: "5 tools", files: tools(["a", "b", "c", "d", "e"]) },
    { name: "3 tools, max 3", setting: ["warning", { max: 3 }], files: tools(["a", "b", "c"]) },
    {
      name: "tools that do not load are not rendered",
      files: { ...tools(["a", "b", "c", "d", "e"]), "x.json": toolJson({ name: "x" }) },
    },
  ],
  invalid: [
    {
      name: "6 tools: one finding, on the 6th in name order",
      files: tools(["f", "b", "a", "e", "c", "d"]),
      errors: [{ file: "f.json", message: "6 tools are rendered in the legacy prompt format, the seeds advise 3 to 5 at most; this is tool 6", pointer: "/name", line: 2, column: 3, tool: "f" }],
    },
    {
      name: "8 tools: still one finding",
      files: tools(["a", "b", "c", "d", "e", "f", "g", "h"]),
      errors: [{ file: "f.json", message: "8 tools", pointer: "/name", line: 2, column: 3 }],
    },
    {
      name: "3 tools with max 2",
      setting: ["error", { max: 2 }],
      files: tools(["a", "b", "c"]),
      errors: [{ file: "c.json", message: "this is tool 3", pointer: "/name", line: 2, column: 3 }],
    },
  ],
});
