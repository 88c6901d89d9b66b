/**
 * A toolset's members: the tools whose name a config entry names or matches (`*` any run of
 * characters, `?` one), or that carry one of its tags. Every name, glob and tag must find a tool,
 * and every set must end up non-empty: a UsageError naming the config file and key otherwise.
 */
import { UsageError } from "../errors.js";
import { closest } from "../lint/nearest.js";
import type { ToolsetSpec } from "./settings.js";

/** What a toolset is resolved against: a tool's name and tags. */
export interface Member {
  name: string;
  tags?: readonly string[];
}

export interface ResolvedToolset {
  name: string;
  /** Member names, in the folder's (name) order. */
  tools: string[];
}

const isGlob = (entry: string) => /[*?]/.test(entry);

/** A glob as a RegExp: `*` any run, `?` one character, everything else literal. */
export function globRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.|+()[\]{}]/g, "\\$&"))).join("");
  return new RegExp(`^${body}$`, "s");
}

export function resolveToolsets(specs: readonly ToolsetSpec[], tools: readonly Member[]): ResolvedToolset[] {
  const names = tools.map((t) => t.name);
  return specs.map((spec) => {
    const key = `'toolsets.${spec.name}'`;
    const chosen = new Set<string>();
    for (const entry of spec.tools) {
      if (isGlob(entry)) {
        const re = globRegExp(entry);
        const hits = names.filter((n) => re.test(n));
        if (hits.length === 0) throw new UsageError(`${spec.where}: ${key}: the glob '${entry.slice(0, 80)}' matches no tool`);
        for (const n of hits) chosen.add(n);
      } else {
        if (!names.includes(entry)) {
          const near = closest(entry, names);
          throw new UsageError(`${spec.where}: ${key} names '${entry.slice(0, 80)}', which is no tool${near ? ` (did you mean '${near}'?)` : ""}`);
        }
        chosen.add(entry);
      }
    }
    for (const tag of spec.tags) {
      const hits = tools.filter((t) => t.tags?.includes(tag) === true);
      if (hits.length === 0) throw new UsageError(`${spec.where}: ${key}: no tool has the tag '${tag.slice(0, 80)}'`);
      for (const t of hits) chosen.add(t.name);
    }
    if (chosen.size === 0) throw new UsageError(`${spec.where}: ${key} selects no tool`);
    return { name: spec.name, tools: names.filter((n) => chosen.has(n)) };
  });
}
