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
/** A host or a wildcard domain, as in an allow-list (`*.example.org`). */
const DOMAIN_ITEM = "^(\\*\\.)?([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$";
/** An RFC 3339 timestamp whose month, day, hour and minute are ranges, found anywhere in the text. */
const ISO_RANGED = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)";

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
    // Issue 37: linear, yet redos-detector scores them unsafe (a label matched by the group or by the
    // last part) or runs out of steps; a backtracking engine gives each way up at the next character.
    { name: "a domain-list item", files: tool({ type: "array", items: { type: "string", pattern: DOMAIN_ITEM } }) },
    { name: "an unanchored ISO timestamp with ranged fields", files: tool({ type: "string", pattern: ISO_RANGED }) },
  ],
  invalid: [
    {
      name: "nested quantifiers are still reported, with the engines they concern",
      files: tool({ type: "string", pattern: "^(a+)+$" }),
      errors: [{ message: "can backtrack catastrophically (ReDoS) in a backtracking engine", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
    {
      name: "a quadratic pattern is still reported (two loops over the same digits)",
      files: tool({ type: "string", pattern: "^\\d+\\d+$" }),
      errors: [{ message: "can backtrack catastrophically (ReDoS) in a backtracking engine", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
    {
      name: "an unanchored loop before a literal is still reported (each start scans on)",
      files: tool({ type: "string", pattern: "[a-z]+[a-z0-9]*@" }),
      errors: [{ message: "can backtrack catastrophically (ReDoS) in a backtracking engine", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
    {
      name: "an analysis that runs out of steps is still reported as not proven",
      files: tool({ type: "string", pattern: "(a|a)*b" }),
      errors: [{ message: "could not be proven free of catastrophic backtracking", pointer: "/input_schema/pattern", line: 6, column: 5 }],
    },
  ],
});
