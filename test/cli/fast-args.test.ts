import yargs from "yargs";
import { describe, expect, it } from "vitest";
import { buildCommand } from "../../cli/build.js";
import { parseFastArgs } from "../../cli/fast-args.js";
import { lintCommand } from "../../cli/lint.js";

/** What the full yargs CLI makes of a command line (the handlers are replaced, nothing runs). */
async function viaYargs(argv: string[]): Promise<Record<string, unknown> | "error"> {
  let captured: Record<string, unknown> | undefined;
  let failed = false;
  const capture = (a: unknown) => void (captured = a as Record<string, unknown>);
  await yargs(argv)
    .command({ ...lintCommand, handler: capture } as typeof lintCommand)
    .command({ ...buildCommand, handler: capture } as typeof buildCommand)
    .strict()
    .exitProcess(false)
    .fail(() => void (failed = true))
    .parseAsync()
    .catch(() => void (failed = true));
  if (failed || !captured) return "error";
  const keys = argv[0] === "lint" ? ["paths", "format", "maxWarnings", "schemas", "config"] : ["schemas", "out", "handlers", "templates", "config", "check", "lint", "cache"];
  const out: Record<string, unknown> = {};
  for (const key of keys) if (captured[key] !== undefined) out[key] = key === "paths" ? (captured[key] as unknown[]).map(String) : captured[key];
  return out;
}

describe("the fast path reads command lines exactly as yargs does", () => {
  const accepted = [
    ["lint"],
    ["lint", "schemas/a.json", "schemas/b.yaml"],
    ["lint", "--format", "json"],
    ["lint", "--format=sarif", "a.json"],
    ["lint", "a.json", "--max-warnings", "0", "b.json"],
    ["lint", "--max-warnings=12", "--schemas", "tools", "--config", "cfg/toolgen.json"],
    ["build"],
    ["build", "--check"],
    ["build", "--no-lint", "--no-cache"],
    ["build", "--schemas", "tools", "--out=src/gen", "--handlers", "src/tools", "--templates", "t"],
    ["build", "--lint", "--cache", "--check", "--config", "x.json"],
  ];
  for (const argv of accepted) {
    it(`accepts: ${argv.join(" ")}`, async () => {
      const fast = parseFastArgs(argv);
      expect(fast?.command).toBe(argv[0]);
      expect(fast?.args).toEqual(await viaYargs(argv));
    });
  }

  const leftToYargs = [
    [],
    ["frobnicate"],
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
    ["lint", "--no-format"],
    ["build", "positional"],
    ["build", "--check=false"],
    ["build", "--out"],
    ["build", "--bogus"],
    ["build", "--help"],
  ];
  for (const argv of leftToYargs) {
    it(`leaves to yargs: ${argv.join(" ") || "(nothing)"}`, () => {
      expect(parseFastArgs(argv)).toBeUndefined();
    });
  }
});
