/**
 * eslint-style rule tests: tables of valid and invalid cases, each linted with only the rule under
 * test enabled, the invalid ones with the expected message fragment, pointer, line and column.
 */
import { describe, expect, it } from "vitest";
import type { RuleSetting } from "../../../src/commands/config.js";
import { RULES as rules } from "../../../src/catalog.js";
import { lintMemory, memoryPath } from "./memory-folder.js";

/** One file (`tool.json`) given as its text, or several files by name. */
type Files = string | Record<string, string>;

export interface ValidCase {
  name: string;
  files: Files;
  /** The rule's setting (default: its default severity). */
  setting?: RuleSetting;
}

export interface ExpectedFinding {
  /** Default: `tool.json`. */
  file?: string;
  /** A fragment of the message. */
  message: string;
  pointer: string;
  line: number;
  column: number;
  tool?: string;
  /** Default: the rule's setting. */
  severity?: "error" | "warning";
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
}

export function testRule(id: string, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const rule = rules.find((r) => r.meta.id === id);
  const run = (c: ValidCase) => {
    const files = typeof c.files === "string" ? { "tool.json": c.files } : c.files;
    const config: Record<string, RuleSetting> = Object.fromEntries(rules.map((r) => [r.meta.id, "off"]));
    config[id] = c.setting ?? rule?.meta.defaultSeverity ?? "error";
    return lintMemory(files, config);
  };
  describe(id, () => {
    it("is registered", () => expect(rule?.meta.id).toBe(id));
    describe("valid", () => {
      for (const c of cases.valid) {
        it(c.name, async () => expect(await run(c)).toEqual([]));
      }
    });
    describe("invalid", () => {
      for (const c of cases.invalid) {
        it(c.name, async () => {
          const found = await run(c);
          expect(found.map((d) => ({ file: d.file, pointer: d.pointer, line: d.line, column: d.column }))).toEqual(
            c.errors.map((e) => ({ file: memoryPath(e.file ?? "tool.json"), pointer: e.pointer, line: e.line, column: e.column })),
          );
          found.forEach((d, i) => {
            const expected = c.errors[i];
            expect(d.rule).toBe(id);
            expect(d.message).toContain(expected?.message);
            if (expected?.tool !== undefined) expect(d.tool).toBe(expected.tool);
            const setting = c.setting ?? rule?.meta.defaultSeverity;
            expect(d.severity).toBe(expected?.severity ?? (Array.isArray(setting) ? setting[0] : setting));
          });
        });
      }
    });
  });
}

/** A tool file as JSON.stringify(…, null, 2) prints it (positions in tests assume that layout). */
export function toolJson(tool: Record<string, unknown>): string {
  return JSON.stringify(tool, null, 2) + "\n";
}

/** A description that satisfies description-min-sentences. */
export const GOOD_DESCRIPTION =
  "Gets the current weather for a city. Use it when the user asks about the weather now. It returns the temperature in degrees.";
