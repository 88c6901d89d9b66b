/**
 * The facts toolgen states with a `// Source:` comment (src/**\/facts.ts and src/lint/name-format.ts), read
 * as data for the facts test: which installed packages (and versions) each names, and the date it was
 * checked on where no installed package states it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface SourcedFact {
  /** file:line of its `Source:` line. */
  where: string;
  /** The comment, joined into one line. */
  text: string;
  /** Installed packages it names with a version (`@google/genai 3.3`). */
  packages: { name: string; version: string }[];
  /** `YYYY-MM-DD` of "checked on" or "recorded on", when it says one. */
  checked: string | undefined;
}

/** The files that state facts: every facts.ts under src/, and the tool file format's own name rules. */
export function factFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name === "facts.ts") out.push(rel);
    }
  };
  walk("src");
  return [...out.sort(), "src/lint/name-format.ts"];
}

const PACKAGE = /(@[a-z0-9-]+\/[a-z0-9-]+|\bopenai\b) (\d+\.\d+(?:\.\d+)?)\b/g;
const CHECKED = /\b(?:checked|recorded) on (\d{4}-\d{2}-\d{2})\b/i;

/** Every `// Source:` comment block of the fact files: from its line to the last comment line after it. */
export function sourcedFacts(root: string): SourcedFact[] {
  const facts: SourcedFact[] = [];
  for (const file of factFiles(root)) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!/^\s*\/\/ Source:/.test(line)) return;
      const block: string[] = [];
      for (let j = i; j < lines.length && /^\s*\/\//.test(lines[j]!); j++) block.push(lines[j]!.replace(/^\s*\/\/\s?/, ""));
      const text = block.join(" ");
      facts.push({
        where: `${file}:${i + 1}`,
        text,
        packages: [...text.matchAll(PACKAGE)].map((m) => ({ name: m[1]!, version: m[2]! })),
        checked: CHECKED.exec(text)?.[1],
      });
    });
  }
  return facts;
}

/** Facts that name no installed package and carry no date. */
export function factsWithoutDate(facts: readonly SourcedFact[]): SourcedFact[] {
  return facts.filter((f) => f.packages.length === 0 && f.checked === undefined);
}

/** Facts checked more than six months before `now`. */
export function staleFacts(facts: readonly SourcedFact[], now: Date): SourcedFact[] {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - 6);
  return facts.filter((f) => f.checked !== undefined && new Date(`${f.checked}T00:00:00Z`) < limit);
}
