/** The tools and options the claude-agent-sdk output's tests build (output.test.ts, and compile.test.ts in test:heavy). */
export const OUTPUTS = ["native", "types", "validators", "handlers", "runtime", "index", "claude-agent-sdk"];

/** A deferral plan that defers every tool but find_order: find_order is sent alwaysLoad, the others are not. */
export const DEFER_ALL_BUT_FIND_ORDER = { budgetTokens: 200, alwaysLoad: ["find_order"], where: "the test" };

export const FIND_ORDER = {
  name: "find_order",
  description: "Finds an order by its id. Use it when the user names an order. It returns the order.",
  annotations: { title: "Find an order", readOnlyHint: true, idempotentHint: true },
  _meta: { "anthropic/searchHint": "order lookup by id" },
  input_schema: {
    type: "object",
    properties: {
      id: { type: "string", pattern: "^ORD-[0-9]{4}$", description: "The order id, e.g. ORD-0042." },
      email: { type: "string", format: "email", description: "The customer's email." },
      limit: { type: "integer", minimum: 1, maximum: 10, description: "How many lines to return." },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true, description: "Tags to match." },
    },
    required: ["id"],
    additionalProperties: false,
  },
};

export const NOT_A_STRING = {
  name: "not_a_string",
  description: "Takes anything but a string. Use it in tests. It returns what it got.",
  input_schema: { type: "object", properties: { v: { not: { type: "string" } } } },
};
