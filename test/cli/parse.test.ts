/**
 * cli/parse.ts: a command line that cannot make yargs print anything of its own is parsed without
 * the help text's configuration. Held on random command lines of every command's flags, help and
 * version tokens among them (fixed seed): whenever yargs, fully configured, prints something of its
 * own, mayPrintOwnOutput says so; whenever mayPrintOwnOutput says no, the parser without the help
 * text reaches the same result (parsed arguments and usage errors) as the fully configured one.
 */
import fc from "fast-check";
import type { Argv } from "yargs";
import { describe, expect, it } from "vitest";
import { buildCommand } from "../../cli/build.js";
import type { Command } from "../../cli/command.js";
import { importCommand } from "../../cli/import.js";
import { lintCommand } from "../../cli/lint.js";
import { commandParser, mayPrintOwnOutput } from "../../cli/parse.js";
import { statsCommand } from "../../cli/stats.js";

interface Outcome {
  argv: Record<string, unknown>;
  failures: string[];
  output: string;
}

/** Parses without exiting or printing: yargs' own output and every usage error are recorded. */
function outcome(command: Command, args: string[], helpText: boolean): Outcome {
  const failures: string[] = [];
  const parser: Argv = commandParser(command, args, (message, error) => void failures.push(message ?? `error: ${error?.message}`), helpText).exitProcess(false);
  let output = "";
  const argv = parser.parseSync(args, {}, (_error: unknown, _argv: unknown, printed: string) => {
    output = printed;
  }) as Record<string, unknown>;
  return { argv: { ...argv }, failures, output };
}

const COMMON = ["--help", "-h", "help", "--no-help", "--help=false", "-qh", "-hq", "--version", "--version=false", "version", "--get-yargs-completions", "--", "--bogus", "-x", "-", "x.json", "schemas", "1", "-1", "abc", "=", "--=x"];

const TOKENS: Record<string, string[]> = {
  lint: ["--format", "json", "sarif", "xml", "--format=github", "--max-warnings", "--max-warnings=2", "--maxWarnings", "--quiet", "-q", "--no-quiet", "--output-file", "-o", "-o=r.txt", "--color", "--no-color", "--schemas", "--config", "--targets", "openai", "--watch", "--no-watch"],
  build: ["--schemas", "--out", "--handlers", "--templates", "--config", "--check", "--no-check", "--lint", "--no-lint", "--targets", "--cache", "--no-cache", "--watch", "gen"],
  import: ["mcp", "openai", "--url", "http://127.0.0.1:1/mcp", "--schemas", "--config", "--force", "--no-force", "npx", "server"],
  stats: ["--format", "table", "json", "--schemas", "--config", "dir"],
};

const COMMANDS: Command[] = [lintCommand, buildCommand, importCommand, statsCommand];

describe("mayPrintOwnOutput", () => {
  it("says yes to every way of asking yargs for help, the version or completions", () => {
    for (const args of [["--help"], ["-h"], ["-qh"], ["-hq", "x"], ["--no-help"], ["--help=false"], ["x", "help"], ["--", "help"], ["--version"], ["--version=1"], ["--get-yargs-completions"], ["--HELP"]]) {
      expect(mayPrintOwnOutput(args), args.join(" ")).toBe(true);
    }
  });

  it("says no to ordinary command lines", () => {
    for (const args of [[], ["schemas"], ["--format", "json", "a.json"], ["-q", "-o", "r.txt"], ["--max-warnings=0", "--no-color"], ["x", "version"], ["--", "-x"], ["-"]]) {
      expect(mayPrintOwnOutput(args), args.join(" ")).toBe(false);
    }
  });
});

describe("a command line parsed without the help text's configuration", () => {
  for (const command of COMMANDS) {
    it(`${command.name}: yargs prints nothing of its own unless mayPrintOwnOutput says so, and the result is the same`, () => {
      const token = fc.constantFrom(...COMMON, ...TOKENS[command.name]!);
      fc.assert(
        fc.property(fc.array(token, { maxLength: 6 }), (args) => {
          const full = outcome(command, args, true);
          if (!mayPrintOwnOutput(args)) {
            expect(full.output).toBe("");
            expect(outcome(command, args, false)).toEqual(full);
          }
        }),
        { seed: 9, numRuns: 400 },
      );
    });
  }

  it("does print the help when asked (the property above is not vacuous)", () => {
    expect(outcome(lintCommand, ["--help"], true).output).toContain("--max-warnings");
    expect(outcome(lintCommand, ["--version"], true).output).toMatch(/^\d+\.\d+\.\d+/);
    expect(outcome(lintCommand, ["--format", "xml"], false).failures[0]).toContain("Invalid values");
  });
});
