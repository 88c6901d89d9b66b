/** Rule `mcp/execution-removed`: a tool file with MCP's `execution`, which protocol revision 2026-07-28 removed. */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (extra: Record<string, unknown> = {}) => toolJson({ name: "a", input_schema: { type: "object" }, ...extra });

testRule("mcp/execution-removed", {
  valid: [
    { name: "no execution", files: tool() },
    { name: "icons and _meta", files: tool({ icons: [{ src: "a.png" }], _meta: { "anthropic/alwaysLoad": true } }) },
  ],
  invalid: [
    {
      name: "execution with taskSupport",
      files: tool({ execution: { taskSupport: "optional" } }),
      errors: [{ message: "`execution` was removed in protocol revision 2026-07-28", pointer: "/execution", line: 6, column: 3, tool: "a", severity: "warning" }],
    },
    {
      name: "in YAML",
      files: { "t.yaml": "name: a\ninput_schema: {type: object}\nexecution:\n  taskSupport: forbidden\n" },
      errors: [{ file: "t.yaml", message: "2026-07-28 clients never see it", pointer: "/execution", line: 3, column: 1 }],
    },
  ],
});
