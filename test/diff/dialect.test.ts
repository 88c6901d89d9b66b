/**
 * Issue 37.3: `toolgen diff` and the dialect. A change of `$schema` (or of the config's
 * `defaultDialect`, which the load stage turns into one) is a finding only when some keyword present
 * reads differently in the two dialects, with a witness where one exists; otherwise nothing.
 */
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { diffTool } from "../../src/diff/engine.js";
import type { JsonObject } from "../../src/model.js";
import { runDiff } from "../../src/commands/diff.js";
import { repoTempDir } from "../e2e/compile.js";
import { tool, witnessHolds } from "./helpers.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";
const PLAIN: JsonObject = { type: "object", properties: { query: { type: "string", description: "What to look up." }, limit: { type: "integer", minimum: 1 } }, required: ["query"] };
const TUPLE: JsonObject = { type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false } }, required: ["pair"] };

const diff = (base: JsonObject, head: JsonObject) => diffTool(tool("t", base), tool("t", head));

describe("diff: a $schema change", () => {
  it("reports nothing when no keyword reads differently (draft-07 -> none, none -> 2020-12, draft-07 -> 2020-12)", () => {
    expect(diff({ $schema: DRAFT_07, ...PLAIN }, PLAIN)).toEqual([]);
    expect(diff(PLAIN, { $schema: DRAFT_2020, ...PLAIN })).toEqual([]);
    expect(diff({ $schema: DRAFT_07, ...PLAIN }, { $schema: DRAFT_2020, ...PLAIN })).toEqual([]);
    expect(diff({ $schema: DRAFT_2020, ...PLAIN }, { $schema: DRAFT_07, ...PLAIN })).toEqual([]);
  });

  it("reports nothing when the dialect is the same spelt differently", () => {
    expect(diff({ $schema: DRAFT_2020, ...PLAIN }, { $schema: `${DRAFT_2020}#`, ...PLAIN })).toEqual([]);
  });

  it("reports the keyword that reads differently, with a witness that both sides' validators confirm", () => {
    const base = { $schema: DRAFT_07, ...TUPLE };
    const head = TUPLE;
    const findings = diff(base, head);
    // draft-07 ignores prefixItems: with items: false it accepts only [], which 2020-12 accepts too, so
    // no input breaks callers (none is found: "possibly", never "safe"); 2020-12 accepts ["x"], which
    // draft-07 rejects: handlers get inputs they never got, proved by the witness.
    expect(findings.map((f) => [f.rule, f.class, f.pointer, f.verdict])).toEqual([
      ["diff/keyword-changed", "breaking-callers", "/input_schema/properties/pair/prefixItems", "possibly-breaking"],
      ["diff/keyword-changed", "breaking-handlers", "/input_schema/properties/pair/prefixItems", "breaking"],
    ]);
    expect(findings[1]!.message).toBe(
      'the dialect changed from "http://json-schema.org/draft-07/schema#" (draft-07) to none (2020-12), and `prefixItems` reads differently: draft-07, not a keyword: ignored, anything passes; 2020-12, a tuple: one schema per position',
    );
    expect(findings[1]!.witness).toEqual({ input: { pair: ["x"] }, base: "rejects", head: "accepts" });
    expect(witnessHolds(findings[1]!, base, { $schema: DRAFT_2020, ...head })).toBe(true);
    // The other way round: the same keyword, the directions' verdicts swapped.
    const back = diff(head, base);
    expect(back.map((f) => [f.class, f.verdict])).toEqual([["breaking-callers", "breaking"], ["breaking-handlers", "possibly-breaking"]]);
    expect(witnessHolds(back[0]!, { $schema: DRAFT_2020, ...head }, base)).toBe(true);
  });
});

describe("toolgen diff between two folders", () => {
  async function side(dir: string, schema: JsonObject, config?: object) {
    await mkdir(path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, "schemas", "lookup.json"), JSON.stringify({ name: "lookup", description: "Looks a thing up. Use it for any lookup.", input_schema: schema }, null, 2));
    if (config) await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
  }
  const sink = () => {
    let text = "";
    return { write: (t: string) => void (text += t), get text() { return text; } };
  };

  it("a $schema-only change with no ambiguous keyword exits 0 and reports no change; a change of defaultDialect is diffed the same way", async () => {
    const root = await repoTempDir();
    await side(path.join(root, "a"), { $schema: DRAFT_07, ...PLAIN });
    await side(path.join(root, "b"), PLAIN);
    await side(path.join(root, "c"), TUPLE, { defaultDialect: "draft-07" });
    await side(path.join(root, "d"), TUPLE);
    await cp(path.join(root, "d"), path.join(root, "e"), { recursive: true });
    const run = async (base: string, head: string) => {
      const stdout = sink();
      const code = await runDiff({ base: path.join(root, base), head: path.join(root, head), format: "json", cwd: root, stdout });
      return { code, findings: (JSON.parse(stdout.text) as { findings: Array<{ rule: string; pointer: string }> }).findings };
    };
    expect(await run("a", "b")).toEqual({ code: 0, findings: [] });
    const changed = await run("c", "d");
    expect(changed.code).toBe(1);
    expect(changed.findings.map((f) => f.pointer)).toEqual(["/input_schema/properties/pair/prefixItems", "/input_schema/properties/pair/prefixItems"]);
    expect(await run("d", "e")).toEqual({ code: 0, findings: [] });
  });
});
