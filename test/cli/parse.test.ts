/**
 * cli/parse.ts: a command line that cannot make yargs print anything of its own is parsed without
 * the help text's configuration. Held on random command lines of every command's flags, help and
 * version tokens among them (fixed seed): whenever yargs, fully configured, prints something of its
 * own, mayPrintOwnOutput says so; whenever mayPrintOwnOutput says no, the parser without the help
 * text reaches the same result (parsed arguments and usage errors) as the fully configured one.
 */
import fc from "fast-check";
import type { Argv } from "yargs";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { buildCommand } from "../../cli/build.js";
import type { Command } from "../../cli/command.js";
import { importCommand } from "../../cli/import.js";
import { lintCommand } from "../../cli/lint.js";
import { commandParser, mayPrintOwnOutput, topParser } from "../../cli/parse.js";
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

const COMMON = ["--help", "-h", "help", "--no-help", "--help=false", "-qh", "-hq", "--version", "--version=false", "version", "-v", "-qv", "--get-yargs-completions", "--", "--bogus", "-x", "-", "x.json", "schemas", "1", "-1", "abc", "=", "--=x"];

const TOKENS: Record<string, string[]> = {
  lint: ["--format", "json", "sarif", "xml", "--format=github", "--max-warnings", "--max-warnings=2", "--maxWarnings", "--quiet", "-q", "--no-quiet", "--output-file", "-o", "-o=r.txt", "--color", "--no-color", "--schemas", "--config", "--targets", "openai", "--watch", "--no-watch"],
  build: ["--schemas", "--out", "--handlers", "--templates", "--config", "--check", "--no-check", "--lint", "--no-lint", "--targets", "--cache", "--no-cache", "--watch", "gen"],
  import: ["mcp", "openai", "--url", "http://127.0.0.1:1/mcp", "--schemas", "--config", "--force", "--no-force", "npx", "server"],
  stats: ["--format", "table", "json", "--schemas", "--config", "dir"],
};

const COMMANDS: Command[] = [lintCommand, buildCommand, importCommand, statsCommand];

describe("mayPrintOwnOutput", () => {
  it("says yes to every way of asking yargs for help, the version or completions", () => {
    for (const args of [["--help"], ["-h"], ["-qh"], ["-hq", "x"], ["--no-help"], ["--help=false"], ["x", "help"], ["--", "help"], ["--version"], ["--version=1"], ["-v"], ["-qv"], ["--get-yargs-completions"], ["--HELP"]]) {
      expect(mayPrintOwnOutput(args), args.join(" ")).toBe(true);
    }
  });

  it("says no to ordinary command lines", () => {
    for (const args of [[], ["schemas"], ["--format", "json", "a.json"], ["-q", "-o", "r.txt"], ["--max-warnings=0", "--no-color"], ["x", "version"], ["--", "-x"], ["-"]]) {
      expect(mayPrintOwnOutput(args), args.join(" ")).toBe(false);
    }
  });
});

/**
 * yargs (here from node_modules, as published) checks the arguments of each API call and prints a
 * warning on a mismatch; the bundle's yargs leaves that check out (cli/bundle.mjs, noArgsert), so
 * every parser toolgen configures, on every command line below, must draw no warning.
 */
let warn: MockInstance<typeof console.warn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn");
});
afterAll(() => {
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
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

  it("the parser of no command or an unknown one: the command list, did you mean", () => {
    const run = (args: string[]) => {
      const failures: string[] = [];
      let output = "";
      topParser(args, (message) => void failures.push(message ?? ""), [lintCommand, buildCommand, importCommand, statsCommand])
        .exitProcess(false)
        .parseSync(args, {}, (_error: unknown, _argv: unknown, printed: string) => {
          output = printed;
        });
      return { failures, output };
    };
    expect(run(["--help"]).output).toContain("toolgen lint [paths..]");
    expect(run([]).failures).toEqual(["Name a command: init, build, lint, import or stats (see --help)."]);
    expect(run(["lnt"]).failures.join("\n")).toContain("Did you mean lint?");
  });

  it("does print the help when asked (the property above is not vacuous)", () => {
    expect(outcome(lintCommand, ["--help"], true).output).toContain("--max-warnings");
    expect(outcome(lintCommand, ["--version"], true).output).toMatch(/^\d+\.\d+\.\d+/);
    expect(outcome(lintCommand, ["--format", "xml"], false).failures[0]).toContain("Invalid values");
  });
});
