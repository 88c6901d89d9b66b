/**
 * "Did you mean --max-warnings?" for an unknown flag: yargs' strict mode names the unknown
 * argument, and `recommendCommands` suggests commands only, not flags. Also: the unknown flags
 * named as the user typed them (yargs adds the camelCase twin of `--max-warning`).
 */
import { closest } from "../src/lint/nearest.js";

/** Appends a suggestion to yargs' "Unknown argument(s): x" message for each unknown flag close to a known one. */
export function didYouMean(message: string | undefined, argv: readonly string[], known: readonly string[]): string | undefined {
  if (!message || !/^Unknown arguments?:/.test(message)) return message;
  message = asTyped(message, argv);
  const hints: string[] = [];
  for (const token of argv) {
    if (!token.startsWith("-") || token === "-" || token === "--") continue;
    const name = token.replace(/^--?/, "").split("=")[0]!;
    if (name === "" || known.includes(name) || known.includes(camelToKebab(name))) continue;
    const best = closest(name, known);
    if (best) hints.push(`--${name}: did you mean ${best.length === 1 ? "-" : "--"}${best}?`);
  }
  return hints.length > 0 ? `${message}\n${hints.join("\n")}` : message;
}

function camelToKebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The names of the flags in `argv`, as typed (`--a=1` -> a, `-xy` -> x and y), up to a `--`. */
function typedFlags(argv: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const token of argv) {
    if (token === "--") break;
    if (token.startsWith("--")) names.add(token.slice(2).split("=")[0]!);
    else if (token.startsWith("-") && token.length > 1) for (const c of token.slice(1).split("=")[0]!) names.add(c);
  }
  return names;
}

/** yargs' "Unknown arguments: max-warning, maxWarning" naming only what was typed ("Unknown argument: max-warning"). */
function asTyped(message: string, argv: readonly string[]): string {
  const match = /^Unknown arguments?: (.*)$/s.exec(message);
  if (!match) return message;
  const typed = typedFlags(argv);
  const listed = match[1]!.split(", ");
  const shown = listed.filter((name) => typed.has(name) || typed.has(`no-${name}`));
  if (shown.length === 0 || shown.length === listed.length) return message;
  return `Unknown argument${shown.length === 1 ? "" : "s"}: ${shown.join(", ")}`;
}
