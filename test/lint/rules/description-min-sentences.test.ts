import { readFileSync } from "node:fs";
import { testRule, toolJson } from "../helpers/rule-tester.js";

/** Seed 001's good and bad `get_stock_price` definitions, copied verbatim into the fixtures. */
const seed = (which: "good" | "bad") =>
  readFileSync(new URL(`../../fixtures/lint/seed-001/schemas/${which}.json`, import.meta.url), "utf8");
const descriptionOf = (text: string) => (JSON.parse(text) as { description: string }).description;
const good = descriptionOf(seed("good"));
const bad = descriptionOf(seed("bad"));
const tool = (description: string) => toolJson({ name: "get_stock_price", description, input_schema: { type: "object" } });

testRule("description-min-sentences", {
  valid: [
    { name: "seed 001's good definition, as written (5 sentences)", files: seed("good") },
    { name: "the bad one with min 1", setting: ["warning", { min: 1 }], files: tool(bad) },
    { name: "an empty description is description-present's", files: tool("") },
  ],
  invalid: [
    {
      name: "seed 001's bad definition, as written (1 sentence)",
      files: seed("bad"),
      errors: [{ message: "the description has 1 sentence(s), at least 3 are needed", pointer: "/description", line: 3, column: 3, tool: "get_stock_price" }],
    },
    {
      name: "the good one with min 6, as an error",
      setting: ["error", { min: 6 }],
      files: tool(good),
      errors: [{ message: "has 5 sentence(s), at least 6", pointer: "/description", line: 3, column: 3 }],
    },
    {
      name: "abbreviations do not make sentences",
      files: tool("Gets the price, e.g. for AAPL, i.e. Apple Inc. in the U.S. Markets only."),
      errors: [{ message: "has 1 sentence(s)", pointer: "/description", line: 3, column: 3 }],
    },
    {
      name: "in YAML",
      files: { "t.yaml": "name: t\ninput_schema: {type: object}\ndescription: |\n  One. Two.\n" },
      errors: [{ file: "t.yaml", message: "has 2 sentence(s)", pointer: "/description", line: 3, column: 1 }],
    },
  ],
});
