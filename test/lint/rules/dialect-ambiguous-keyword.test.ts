import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });
const point = (schema: object) => ({ type: "object", properties: { point: { type: "array", ...schema } } });

testRule("dialect-ambiguous-keyword", {
  valid: [
    { name: "keywords both drafts read alike", files: tool({ type: "object", properties: { a: { type: "array", items: { type: "string" } } }, $defs: {} }) },
    { name: "`definitions` reads alike", files: tool({ type: "object", definitions: { a: { type: "string" } }, properties: { a: { $ref: "#/definitions/a" } } }) },
    { name: "declared draft-07", files: tool({ $schema: "http://json-schema.org/draft-07/schema#", ...point({ items: [{ type: "number" }], additionalItems: false }) }) },
    { name: "declared 2020-12", files: tool({ $schema: "https://json-schema.org/draft/2020-12/schema", ...point({ prefixItems: [{ type: "number" }], items: false }) }) },
    { name: "a property named like a keyword", files: tool({ type: "object", properties: { dependencies: { type: "string" }, prefixItems: { type: "string" } } }) },
    { name: "a keyword inside data", files: tool({ type: "object", properties: { a: { const: { prefixItems: [] }, default: { dependencies: 1 } } } }) },
  ],
  invalid: [
    {
      name: "a draft-07 tuple: array `items` and `additionalItems`",
      files: tool(point({ items: [{ type: "number" }, { type: "number" }], additionalItems: false })),
      errors: [
        {
          message:
            "`items` reads differently in the drafts: draft-07, a tuple: one schema per position; 2020-12, not a schema: `items` takes one schema for every item, and a client reading 2020-12 refuses the whole schema. This schema has no `$schema`, so it is read as draft-07 by toolgen (its array `items` is no 2020-12 schema), while a client reads 2020-12; declare `$schema` (or set \"defaultDialect\"), or rewrite it: `prefixItems` for the tuple",
          pointer: "/input_schema/properties/point/items",
          line: 9,
          column: 9,
        },
        { message: "`additionalItems` reads differently in the drafts: draft-07, the items after the `items` tuple; 2020-12, not a keyword: ignored", pointer: "/input_schema/properties/point/additionalItems", line: 17, column: 9 },
      ],
    },
    {
      name: "a 2020-12 tuple without `$schema`",
      files: tool(point({ prefixItems: [{ type: "number" }], items: false })),
      errors: [{ message: "`prefixItems` reads differently in the drafts: draft-07, not a keyword: ignored, anything passes; 2020-12, a tuple: one schema per position. This schema has no `$schema`, so it is read as 2020-12, as the clients read it", pointer: "/input_schema/properties/point/prefixItems", line: 9, column: 9 }],
    },
    {
      name: "`dependencies`, deep in `$defs`",
      files: tool({ type: "object", $defs: { card: { type: "object", dependencies: { number: ["expiry"] } } }, properties: { card: { $ref: "#/$defs/card" } } }),
      errors: [{ message: "`dependentRequired` for the property lists and `dependentSchemas` for the schemas", pointer: "/input_schema/$defs/card/dependencies", line: 9, column: 9 }],
    },
    {
      name: "`$recursiveRef` and `$dynamicRef`",
      files: tool({ type: "object", properties: { a: { $recursiveRef: "#" }, b: { $dynamicRef: "#node" } } }),
      errors: [
        { message: "`$recursiveRef` reads differently", pointer: "/input_schema/properties/a/$recursiveRef", line: 8, column: 9 },
        { message: "`$dynamicRef` reads differently", pointer: "/input_schema/properties/b/$dynamicRef", line: 11, column: 9 },
      ],
    },
  ],
});
