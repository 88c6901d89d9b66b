import { testRule } from "../helpers/rule-tester.js";

testRule("parse-error", {
  valid: [
    { name: "valid JSON", files: '{\n  "name": "a",\n  "input_schema": { "type": "object" }\n}\n' },
    { name: "valid YAML", files: { "a.yaml": "name: a\ninput_schema:\n  type: object\n" } },
  ],
  invalid: [
    {
      name: "a trailing comma in JSON",
      files: '{\n  "name": "a",\n}\n',
      errors: [{ message: "invalid JSON: property name expected", pointer: "", line: 3, column: 1 }],
    },
    {
      name: "an unclosed JSON string",
      files: '{\n  "name": "a\n}\n',
      errors: [{ message: "invalid JSON", pointer: "", line: 2, column: 11 }],
    },
    {
      name: "bad YAML indentation",
      files: { "a.yaml": "name: a\ninput_schema:\n  type: object\n bad: 1\n" },
      errors: [{ file: "a.yaml", message: "All mapping items must start at the same column", pointer: "", line: 4, column: 1 }],
    },
    {
      name: "a duplicate YAML key",
      files: { "a.yml": "name: a\nname: b\n" },
      errors: [{ file: "a.yml", message: "unique", pointer: "", line: 2, column: 1 }],
    },
    {
      name: "configured as a warning",
      setting: "warning",
      files: "{",
      errors: [{ message: "invalid JSON", pointer: "", line: 1, column: 2 }],
    },
  ],
});
