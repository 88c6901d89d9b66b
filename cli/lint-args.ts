/**
 * The hook path: `toolgen lint [paths..] [--format F] [--max-warnings N] [--schemas D] [--config F]`
 * is what a pre-commit hook runs on every commit, and loading yargs costs about as much as linting a
 * hundred files. This reads exactly that shape and nothing else; any other argument (help, version,
 * an unknown flag, a bad value) returns undefined and the full yargs CLI takes over, with its help
 * and errors. test/cli/lint-args.test.ts checks that both read every accepted command line alike.
 */

export interface LintArgs {
  paths: string[];
  format: "stylish" | "json" | "sarif" | "github";
  maxWarnings?: number;
  schemas?: string;
  config?: string;
}

const FORMATS = new Set(["stylish", "json", "sarif", "github"]);

export function parseLintArgs(argv: readonly string[]): LintArgs | undefined {
  if (argv[0] !== "lint") return undefined;
  const args: LintArgs = { paths: [], format: "stylish" };
  const seen = new Set<string>();
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("-")) {
      args.paths.push(token);
      continue;
    }
    const eq = token.indexOf("=");
    const flag = eq < 0 ? token : token.slice(0, eq);
    if (!["--format", "--max-warnings", "--schemas", "--config"].includes(flag) || seen.has(flag)) return undefined;
    seen.add(flag);
    const value = eq < 0 ? argv[++i] : token.slice(eq + 1);
    if (value === undefined || value === "" || (eq < 0 && value.startsWith("-"))) return undefined;
    if (flag === "--format") {
      if (!FORMATS.has(value)) return undefined;
      args.format = value as LintArgs["format"];
    } else if (flag === "--max-warnings") {
      if (!/^(0|[1-9][0-9]{0,8})$/.test(value)) return undefined;
      args.maxWarnings = Number(value);
    } else if (flag === "--schemas") {
      args.schemas = value;
    } else {
      args.config = value;
    }
  }
  return args;
}
