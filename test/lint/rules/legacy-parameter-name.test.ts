import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (properties: Record<string, unknown>) =>
  toolJson({ name: "a", description: "d", input_schema: { type: "object", properties } });

testRule("legacy-parameter-name", {
  valid: [
    { name: "ordinary names", files: tool({ location: {}, unit_name: {}, "max-results": {}, "a.b": {}, _x: {}, Ville: {} }) },
    { name: "non-ASCII letters are XML name characters", files: tool({ "café": {}, "город": {}, "日本": {} }) },
    { name: "nested names are not tags", files: tool({ a: { type: "object", properties: { "9x": {} } } }) },
  ],
  invalid: [
    {
      name: "a leading digit",
      files: tool({ "3d": {} }),
      errors: [{ message: "parameter '3d' cannot be an XML tag in the legacy prompt format: it cannot start with \"3\"", pointer: "/input_schema/properties/3d", line: 7, column: 7, tool: "a" }],
    },
    {
      name: "a leading 'xml', any case",
      files: tool({ XmlData: {} }),
      errors: [{ message: "names starting with 'xml' are reserved", pointer: "/input_schema/properties/XmlData", line: 7, column: 7 }],
    },
    {
      name: "a leading '-' or '.', a space, a colon",
      files: tool({ "-x": {}, ".y": {}, "a b": {}, "ns:tag": {} }),
      errors: [
        { message: 'it cannot start with "-"', pointer: "/input_schema/properties/-x", line: 7, column: 7 },
        { message: 'it cannot start with "."', pointer: "/input_schema/properties/.y", line: 8, column: 7 },
        { message: '" " is not allowed in an XML name', pointer: "/input_schema/properties/a b", line: 9, column: 7 },
        { message: '":" is not allowed in an XML name', pointer: "/input_schema/properties/ns:tag", line: 10, column: 7 },
      ],
    },
  ],
});
