/**
 * Issue 23.5: pattern-redos warned "could not be proven free" on linear patterns from real tools (a
 * bounded hostname, a fixed-width ISO timestamp). redos-detector proves them safe in well under its
 * step budget, but the rule also gave it a one-second wall-clock limit, and on a loaded machine
 * (a lint of a thousand tools, other work on the cores) the analysis ran past it: the verdict
 * depended on the clock. Here the clock runs fast (every read of Date.now is 400 ms later, as on a
 * machine a few times slower): the verdicts must be the ones the steps give.
 */
import { afterEach, beforeEach, vi } from "vitest";
import { testRule, toolJson } from "../helpers/rule-tester.js";

const tool = (inputSchema: unknown) => toolJson({ name: "a", description: "d", input_schema: inputSchema });
const HOSTNAME = "^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$";
const TIMESTAMP = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$";

let now = 0;
beforeEach(() => {
  now = Date.now();
  vi.spyOn(Date, "now").mockImplementation(() => (now += 400));
});
afterEach(() => {
  vi.restoreAllMocks();
});

testRule("pattern-redos", {
  valid: [
    { name: "a bounded hostname", files: tool({ type: "object", properties: { host: { type: "string", pattern: HOSTNAME } } }) },
    { name: "a fixed-width ISO timestamp, unanchored", files: tool({ type: "string", pattern: TIMESTAMP.slice(1, -1) }) },
    { name: "a fixed-width ISO timestamp with milliseconds and offsets", files: tool({ type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?(Z|[+-][0-9]{2}:[0-9]{2})$" }) },
    { name: "a hostname with a lookahead on its length", files: tool({ type: "string", pattern: `^(?=.{1,253}$)${HOSTNAME.slice(1)}` }) },
  ],
  invalid: [
    {
      name: "nested quantifiers are still reported, with the engines they concern",
      files: tool({ type: "string", pattern: "^(a+)+$" }),
      errors: [{ message: "can backtrack catastrophically (ReDoS) in a backtracking engine", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
    {
      name: "an analysis that runs out of steps is still reported as not proven",
      files: tool({ type: "string", pattern: "(a|a)*b" }),
      errors: [{ message: "could not be proven free of catastrophic backtracking", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
  ],
});
