/**
 * What the installed packages state about themselves, read from their own files (issue 37 item 6): the
 * Anthropic SDK's model union and deprecation list, and the texts the facts test reads other limits from.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../helpers.js";

/** The folder of an installed package (its files, whatever its `exports` allow). */
export function packageDir(name: string): string {
  return path.join(repoRoot, "node_modules", name);
}

/** A file of an installed package, as text. */
export function packageText(name: string, file: string): string {
  return readFileSync(path.join(packageDir(name), file), "utf8");
}

export function packageVersion(name: string): string {
  return (JSON.parse(packageText(name, "package.json")) as { version: string }).version;
}

/** Every model id of @anthropic-ai/sdk's `Model` union (resources/messages/messages.d.ts), in its order. */
export function anthropicModels(): string[] {
  const text = packageText("@anthropic-ai/sdk", "resources/messages/messages.d.ts");
  const union = /export type Model = ([^;]+);/.exec(text);
  if (union === null) throw new Error("@anthropic-ai/sdk: no `export type Model = ...;` in resources/messages/messages.d.ts");
  return [...union[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

/** @anthropic-ai/sdk's DEPRECATED_MODELS (internal/data/deprecated-models.mjs): model id -> end-of-life date. */
export function anthropicDeprecations(): Map<string, Date> {
  const text = packageText("@anthropic-ai/sdk", "internal/data/deprecated-models.mjs");
  const entries = [...text.matchAll(/'([^']+)':\s*'([A-Z][a-z]+) (\d+)(?:st|nd|rd|th), (\d{4})'/g)];
  if (entries.length === 0) throw new Error("@anthropic-ai/sdk: DEPRECATED_MODELS has no entry toolgen can read");
  return new Map(entries.map(([, id, month, day, year]) => [id!, new Date(`${month} ${day}, ${year} UTC`)]));
}

/** The interfaces a `... = A | B | ...;` type alias of `text` lists, with their bodies. */
function unionMembers(text: string, alias: string): [name: string, body: string][] {
  const union = new RegExp(`export type ${alias} = ([^;]+);`).exec(text);
  if (union === null) throw new Error(`@anthropic-ai/sdk: no \`export type ${alias}\``);
  return union[1]!.split("|").map((member) => {
    const name = member.trim();
    const start = text.indexOf(`export interface ${name} {`);
    if (start < 0) throw new Error(`@anthropic-ai/sdk: no interface ${name}`);
    return [name, text.slice(start, text.indexOf("\n}", start))];
  });
}

/**
 * The fixed names of the Anthropic-defined tools (server tools, and client tools such as bash whose name
 * the API fixes): each `name: '...'` literal of a member of @anthropic-ai/sdk's `ToolUnion` and
 * `BetaToolUnion`, sorted.
 */
export function anthropicServerToolNames(): string[] {
  const names = new Set<string>();
  for (const [file, alias] of [["resources/messages/messages.d.ts", "ToolUnion"], ["resources/beta/messages/messages.d.ts", "BetaToolUnion"]] as const) {
    for (const [, body] of unionMembers(packageText("@anthropic-ai/sdk", file), alias)) {
      const name = /\n {4}name: '([^']+)';/.exec(body);
      if (name !== null) names.add(name[1]!);
    }
  }
  return [...names].sort();
}
