/**
 * The fast path: a plain `toolgen lint [paths..] [options]` (what a pre-commit hook runs on every
 * commit) or `toolgen build [options]` (what CI runs, often with nothing to do) is read here, from
 * the same option table as the yargs commands, without loading yargs: loading it costs as much as
 * linting a hundred files. Anything else (help, version, an unknown flag, a value that needs
 * checking, `--flag=false` forms) returns undefined and yargs takes over, with its help and errors.
 * test/cli/fast-args.test.ts checks that both read every accepted command line alike.
 */
import type { BuildFlags } from "../src/commands/build.js";
import { BUILD_OPTIONS, LINT_OPTIONS, type OptionSpec } from "./options.js";

export interface LintArgs {
  paths: string[];
  format: "stylish" | "json" | "sarif" | "github";
  maxWarnings?: number;
  schemas?: string;
  config?: string;
}

export type FastCommand = { command: "lint"; args: LintArgs } | { command: "build"; args: BuildFlags };

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function parseOptions(
  tokens: readonly string[],
  table: Readonly<Record<string, OptionSpec>>,
  positionals: string[] | undefined,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(table)) if (spec.default !== undefined) out[camel(name)] = spec.default;
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith("-")) {
      if (!positionals) return undefined;
      positionals.push(token);
      continue;
    }
    if (!token.startsWith("--") || token === "--") return undefined;
    const eq = token.indexOf("=");
    let name = token.slice(2, eq < 0 ? undefined : eq);
    let negated = false;
    if (!Object.hasOwn(table, name) && name.startsWith("no-") && table[name.slice(3)]?.type === "boolean") {
      name = name.slice(3);
      negated = true;
    }
    const spec = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!spec || seen.has(name)) return undefined;
    seen.add(name);
    if (spec.type === "boolean") {
      if (eq >= 0) return undefined;
      out[camel(name)] = !negated;
      continue;
    }
    if (negated) return undefined;
    const value = eq < 0 ? tokens[++i] : token.slice(eq + 1);
    if (value === undefined || value === "" || (eq < 0 && value.startsWith("-"))) return undefined;
    if (spec.choices && !spec.choices.includes(value)) return undefined;
    if (spec.type === "number") {
      if (!/^(0|[1-9][0-9]{0,8})$/.test(value)) return undefined;
      out[camel(name)] = Number(value);
    } else {
      out[camel(name)] = value;
    }
  }
  return out;
}

export function parseFastArgs(argv: readonly string[]): FastCommand | undefined {
  const [command, ...rest] = argv;
  if (command === "lint") {
    const paths: string[] = [];
    const options = parseOptions(rest, LINT_OPTIONS, paths);
    return options ? { command, args: { ...(options as Omit<LintArgs, "paths">), paths } } : undefined;
  }
  if (command === "build") {
    const options = parseOptions(rest, BUILD_OPTIONS, undefined);
    return options ? { command, args: options as unknown as BuildFlags } : undefined;
  }
  return undefined;
}
