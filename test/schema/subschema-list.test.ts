/** subschemaList (a list, for hot recursive walks) finds what forEachSubschema visits, in its order. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachSubschema, subschemaList } from "../../src/schema/keywords.js";

const keyword = fc.constantFrom(
  "properties", "patternProperties", "items", "prefixItems", "additionalProperties", "allOf", "anyOf", "oneOf", "not",
  "if", "then", "else", "$defs", "definitions", "dependencies", "dependentSchemas", "contains", "enum", "const", "type", "x",
);
const leaf = fc.oneof(fc.constant(true), fc.constant(null), fc.integer(), fc.string({ maxLength: 3 }), fc.constant({}), fc.constant({ type: "object" }));
const { schema } = fc.letrec((tie) => ({
  schema: fc.dictionary(keyword, tie("value"), { maxKeys: 4 }),
  value: fc.oneof(
    { depthSize: "small" },
    leaf,
    tie("schema"),
    fc.array(fc.oneof(leaf, tie("schema")), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 2 }), fc.oneof(leaf, tie("schema")), { maxKeys: 3 }),
  ),
}));

describe("subschemaList", () => {
  it("lists the subschemas forEachSubschema visits, in order, with and without definitions (fast-check, seed 21)", () => {
    fc.assert(
      fc.property(schema, fc.boolean(), (node, definitions) => {
        const visited: unknown[] = [];
        forEachSubschema(node as Record<string, unknown>, definitions, (child) => visited.push(child));
        const listed = subschemaList(node as Record<string, unknown>, definitions);
        expect(listed.length).toBe(visited.length);
        listed.forEach((child, i) => expect(child).toBe(visited[i]));
      }),
      { seed: 21, numRuns: 3000 },
    );
  });
});
