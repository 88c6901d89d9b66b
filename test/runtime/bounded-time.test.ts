/**
 * Issue 10's property: no dispatch takes over 400 ms of CPU on an input under 64 KB, whatever the schema
 * (random schemas with catastrophic patterns, uniqueItems, nesting; adversarial inputs: long runs,
 * big arrays of equal or distinct objects, deep nesting, many keys). Fixed seed, bounded budget
 * (more with TOOLGEN_HEAVY=1). Each dispatch is timed after its validator is loaded, in CPU time
 * (process.cpuUsage: the work dispatch does, where wall time on a shared 2-core machine with a load
 * average of 14 mostly measures the run queue); one over the limit is run twice more and counts by
 * its fastest run, so a garbage collection or a busy neighbour does not flake it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { compiled } from "./compiled.js";
import { schema } from "./arbitraries.js";

const HEAVY = process.env["TOOLGEN_HEAVY"] === "1";
const SCHEMAS = HEAVY ? 600 : 40;
// A bound with a margin over the measured distribution (issue 39: cost limits live in bench/): the slowest case,
// 30,000 array items that each fail a oneOf (Ajv's code: every error is collected before the capped message is
// made), costs 190-280 ms of CPU on Node 22 on 2 cores (single runs, 2026-11-29, the same at the session's first
// commit), and its best of five reached 284 ms in a test:heavy run beside other work; a catastrophic case costs
// seconds.
const LIMIT_MS = 400;
const MAX_BYTES = 64 * 1024;

function nested(depth: number): unknown {
  let v: unknown = "a";
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { p: v };
  return v;
}

/** Adversarial values for the parameter `p`, each under 64 KB as JSON. */
const INPUTS: unknown[] = [
  `${"a".repeat(60_000)}!`,
  "x".repeat(60_000),
  "1".repeat(60_000),
  `${"aa".repeat(30_000)}b`,
  Array.from({ length: 30_000 }, () => 1),
  Array.from({ length: 12_000 }, (_, i) => i),
  Array.from({ length: 5_000 }, () => ({ a: 1 })),
  Array.from({ length: 3_000 }, (_, i) => ({ a: i, b: [i] })),
  Array.from({ length: 10_000 }, () => "aaa"),
  Array.from({ length: 5_000 }, (_, i) => ({ [`k${i}`]: 1 })).reduce<Record<string, number>>((o, e) => Object.assign(o, e), {}),
  JSON.parse(`{${Array.from({ length: 2_900 }, (_, i) => `"${["__proto__", "constructor", "toString", "a"][i % 4]}${i}":"${"a".repeat(5)}"`).join(",")}}`),
  nested(3_000),
  // Strings that input repair reads as numbers, booleans and objects (repair.ts).
  Array.from({ length: 8_000 }, (_, i) => String(i % 100)),
  Array.from({ length: 3_000 }, (_, i) => (i % 2 === 0 ? "true" : '{"a":1}')),
];

describe("dispatch time is bounded", () => {
  it(`${SCHEMAS} random schemas x ${INPUTS.length} adversarial inputs under 64 KB: none over ${LIMIT_MS} ms`, async () => {
    for (const input of INPUTS) expect(JSON.stringify({ p: input }).length).toBeLessThan(MAX_BYTES);
    const slowest: Array<{ ms: number; case: string }> = [];
    const schemas = fc.sample(schema, { numRuns: SCHEMAS, seed: 64 * 1024 });
    for (const s of schemas) {
      const toolSchema = JSON.parse(JSON.stringify({ type: "object", properties: { p: s } })) as RegisteredTool["inputSchema"];
      const validate = await compiled(toolSchema);
      const tools: RegisteredTool[] = [{ name: "t", inputSchema: toolSchema, loadValidator: () => validate }];
      const handlers: Record<string, ToolHandler<never>> = { t: () => "ok" };
      const d = createDispatcherFrom<Record<string, never>>(tools, handlers);
      for (const [k, value] of INPUTS.entries()) {
        const input = { p: value };
        let best = Infinity;
        // process.cpuUsage() counts every thread: a collection or V8's compiler working on another
        // thread during one run adds to it (a CI run saw 102 ms where the case takes 80 to 90). The
        // best of up to five runs is the dispatch's own cost; a dispatch over the limit fails all five.
        for (let attempt = 0; attempt < 5 && best > LIMIT_MS; attempt++) {
          const started = process.cpuUsage();
          await d.dispatch({ type: "tool_use", id: "toolu_1", name: "t", input });
          const used = process.cpuUsage(started);
          best = Math.min(best, (used.user + used.system) / 1000);
        }
        slowest.push({ ms: best, case: `input #${k} on ${JSON.stringify(s).slice(0, 300)}` });
      }
    }
    slowest.sort((a, b) => b.ms - a.ms);
    expect(slowest.filter((c) => c.ms > LIMIT_MS)).toEqual([]);
  }, HEAVY ? 1_800_000 : 180_000);
});
