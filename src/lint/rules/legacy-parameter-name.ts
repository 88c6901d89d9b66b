/** Lint rule `legacy-parameter-name` (docs/rules/legacy-parameter-name.md): a parameter name cannot be an XML tag name, as the legacy prompt format needs. */
import { isPlainObject, joinPointer } from "../../schema/pointer.js";
import { defineRule } from "../rule.js";

/**
 * XML 1.0 `Name` (https://www.w3.org/TR/xml/#NT-Name) without `:` (a colon makes a namespace prefix).
 * The legacy prompt format writes each top-level parameter as `<name>value</name>`.
 */
const NAME_START = "A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D" +
  "\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}";
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
/** The ASCII subset of XML_NAME. */
const ASCII_NAME = /^[A-Z_a-z][A-Z_a-z0-9.-]*$/;
const XML_NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, "u");
const NAME_START_CHAR = new RegExp(`^[${NAME_START}]$`, "u");
const NAME_CHAR_ONE = new RegExp(`^[${NAME_CHAR}]$`, "u");

export default defineRule({
  meta: {
    id: "legacy-parameter-name",
    defaultSeverity: "warning",
    description: "A parameter name cannot be an XML tag name, as the legacy prompt format needs.",
    messages: {
      name: "parameter '{{name}}' cannot be an XML tag in the legacy prompt format: {{why}}",
    },
  },
  check(ctx) {
    for (const tool of ctx.tools) {
      const properties = tool.inputSchema?.properties;
      if (!isPlainObject(properties)) continue;
      for (const name of Object.keys(properties)) {
        const why = whyNotXmlName(name);
        if (why === undefined) continue;
        ctx.report({ tool, pointer: joinPointer("/input_schema/properties", name), messageId: "name", data: { name, why } });
      }
    }
  },
});

/** Names XML reserves. */
const XML_PREFIX = /^xml/i;

/** `undefined` when `name` is a usable XML tag name; otherwise the reason. */
export function whyNotXmlName(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (XML_PREFIX.test(name)) return "names starting with 'xml' are reserved by XML";
  // Most names are ASCII identifiers: this test avoids the Unicode one, whose compilation is slow.
  if (ASCII_NAME.test(name) || XML_NAME.test(name)) return undefined;
  const chars = [...name];
  const first = chars[0] ?? "";
  if (!NAME_START_CHAR.test(first)) return `it cannot start with ${JSON.stringify(first)}`;
  const bad = chars.find((ch) => !NAME_CHAR_ONE.test(ch)) ?? "";
  return `${JSON.stringify(bad)} is not allowed in an XML name`;
}
