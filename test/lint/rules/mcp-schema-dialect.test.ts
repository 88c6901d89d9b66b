/** Rule `mcp/schema-dialect`: a tool's input or output schema declares a dialect other than 2020-12, which some MCP clients refuse. */
import { testRule, toolJson } from "../helpers/rule-tester.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const tool = (extra: Record<string, unknown> = {}) => toolJson({ name: "a", input_schema: { type: "object" }, ...extra });

testRule("mcp/schema-dialect", {
  valid: [
    { name: "no $schema (2020-12, SEP-1613)", files: tool({ output_schema: { type: "object" } }) },
    { name: "2020-12 declared, with or without #", files: tool({ input_schema: { $schema: "https://json-schema.org/draft/2020-12/schema#", type: "object" }, outputSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "array" } }) },
  ],
  invalid: [
    {
      name: "draft-07 on the output schema, as zod-to-json-schema stamps it",
      files: tool({ output_schema: { $schema: DRAFT_07, type: "object" } }),
      errors: [
        {
          message:
            'MCP: the output schema declares "$schema": "http://json-schema.org/draft-07/schema#", not 2020-12. Claude Code, and MCP TypeScript SDK clients older than typescript-sdk PR #2534, validate it as 2020-12 only and refuse the tool (modelcontextprotocol/typescript-sdk #2721, #2084, PR #2085)',
          pointer: "/output_schema/$schema",
          line: 7,
          column: 5,
          tool: "a",
          severity: "warning",
        },
      ],
    },
    {
      name: "2019-09 on the input schema, and draft-07 on outputSchema",
      files: tool({ input_schema: { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object" }, outputSchema: { $schema: DRAFT_07 } }),
      errors: [
        { message: 'the input schema declares "$schema": "https://json-schema.org/draft/2019-09/schema"', pointer: "/input_schema/$schema", line: 4, column: 5 },
        { message: "the output schema declares", pointer: "/outputSchema/$schema", line: 8, column: 5 },
      ],
    },
    {
      name: "in YAML",
      files: { "t.yaml": `name: a\ninput_schema:\n  $schema: "${DRAFT_07}"\n  type: object\n` },
      errors: [{ file: "t.yaml", message: "Declare 2020-12", pointer: "/input_schema/$schema", line: 3, column: 3 }],
    },
  ],
});
