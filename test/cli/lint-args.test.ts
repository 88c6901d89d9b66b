import yargs from "yargs";
import { describe, expect, it } from "vitest";
import { parseLintArgs, type LintArgs } from "../../cli/lint-args.js";
import { lintCommand } from "../../cli/lint.js";

/** What the full yargs CLI makes of a command line (the handler is replaced, nothing runs). */
async function viaYargs(argv: string[]): Promise<LintArgs | "error"> {
  let captured: LintArgs | undefined;
  let failed = false;
  await yargs(argv)
    .command({ ...lintCommand, handler: (a) => void (captured = a as unknown as LintArgs) })
    .strict()
    .exitProcess(false)
    .fail(() => void (failed = true))
    .parseAsync()
    .catch(() => void (failed = true));
  if (failed || !captured) return "error";
  const { paths, format, maxWarnings, schemas, config } = captured;
  return { paths: paths.map(String), format, ...(maxWarnings !== undefined ? { maxWarnings } : {}), ...(schemas !== undefined ? { schemas } : {}), ...(config !== undefined ? { config } : {}) };
}

describe("the lint fast path reads command lines exactly as yargs does", () => {
  const accepted = [
    ["lint"],
    ["lint", "schemas/a.json", "schemas/b.yaml"],
    ["lint", "--format", "json"],
    ["lint", "--format=sarif", "a.json"],
    ["lint", "a.json", "--max-warnings", "0", "b.json"],
    ["lint", "--max-warnings=12", "--schemas", "tools", "--config", "cfg/toolgen.json"],
  ];
  for (const argv of accepted) {
    it(`accepts: ${argv.join(" ")}`, async () => {
      const fast = parseLintArgs(argv);
      expect(fast).toBeDefined();
      expect(fast).toEqual(await viaYargs(argv));
    });
  }

  const leftToYargs = [
    ["build"],
    ["lint", "--help"],
    ["lint", "-h"],
    ["lint", "--version"],
    ["lint", "--format", "xml"],
    ["lint", "--format"],
    ["lint", "--max-warnings", "many"],
    ["lint", "--max-warnings", "-1"],
    ["lint", "--no-such-flag"],
    ["lint", "--format", "json", "--format", "sarif"],
    ["lint", "-f", "json"],
    ["lint", "--", "-odd-name.json"],
  ];
  for (const argv of leftToYargs) {
    it(`leaves to yargs: ${argv.join(" ")}`, () => {
      expect(parseLintArgs(argv)).toBeUndefined();
    });
  }
});
