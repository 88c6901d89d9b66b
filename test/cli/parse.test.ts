/**
 * cli/parse.ts: each command's parser parses its flags, prints the help and toolgen's version when
 * asked, and reports usage errors through the fail handler; the parser of no command lists the
 * commands and says "did you mean". yargs checks the arguments of each of toolgen's calls to its API
 * and prints a warning on a mismatch: every parser toolgen configures must draw none.
 */
import type { Argv } from "yargs";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { buildCommand } from "../../cli/build.js";
import type { Command } from "../../cli/command.js";
import { importCommand } from "../../cli/import.js";
import { lintCommand } from "../../cli/lint.js";
import { commandParser, topParser } from "../../cli/parse.js";
import { statsCommand } from "../../cli/stats.js";
import { packageVersion } from "../../src/load/own-package.js";

interface Outcome {
  argv: Record<string, unknown>;
  failures: string[];
  output: string;
}

/** Parses without exiting or printing: yargs' own output and every usage error are recorded. */
function outcome(command: Command, args: string[]): Outcome {
  const failures: string[] = [];
  const parser: Argv = commandParser(command, args, (message, error) => void failures.push(message ?? `error: ${error?.message}`)).exitProcess(false);
  let output = "";
  const argv = parser.parseSync(args, {}, (_error: unknown, _argv: unknown, printed: string) => {
    output = printed;
  }) as Record<string, unknown>;
  return { argv: { ...argv }, failures, output };
}

const COMMANDS: Command[] = [lintCommand, buildCommand, importCommand, statsCommand];
/** A command line of each command that parses with no usage error. */
const PLAIN: Record<string, string[]> = { lint: ["--", "-x"], build: ["--schemas", "s"], import: ["openai", "f.json"], stats: ["--schemas", "s"] };

let warn: MockInstance<typeof console.warn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn");
});
afterAll(() => {
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});

describe("a command's parser", () => {
  for (const command of COMMANDS) {
    it(`${command.name}: the help, the version, an unknown flag, and a plain command line`, () => {
      for (const args of [["--help"], ["-h"], ["x", "help"]]) {
        expect(outcome(command, args).output, args.join(" ")).toContain(`toolgen ${command.name}`);
      }
      expect(outcome(command, ["--version"]).output).toBe(packageVersion());
      expect(outcome(command, ["--bogus"]).failures.join("\n")).toContain("bogus");
      expect(outcome(command, PLAIN[command.name]!)).toMatchObject({ failures: [], output: "" });
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
    expect(run([]).failures).toEqual(["Name a command: init, build, lint, import, stats or eval (see --help)."]);
    expect(run(["lnt"]).failures.join("\n")).toContain("Did you mean lint?");
  });

  it("parses lint's flags, and checks their values", () => {
    const run = outcome(lintCommand, ["--format", "json", "--quiet", "--max-warnings=2", "a.json", "1e3"]);
    expect(run).toMatchObject({ failures: [], output: "", argv: { format: "json", quiet: true, maxWarnings: 2, _: ["a.json", "1e3"] } });
    expect(outcome(lintCommand, ["--format", "xml"]).failures[0]).toContain("Invalid values");
  });
});
