/**
 * Issue 24 N1, as a property (fixed seed, bounded budget; TOOLGEN_HEAVY=1 runs more): forged cache
 * entries of random kinds (paths that leave the output folder, validators that accept everything,
 * files swapped between tools, entries aimed at other generated files or at a handler), sealed with
 * the old seal or, half the time, anew by an attacker who holds the key, never:
 * - reach disk outside the output folders (nothing appears or changes beside them);
 * - make `--check` pass on a wrong tree (the tree a build that trusted the entry would leave);
 * and a build without the key always writes what a build without the cache writes. Through the real
 * CLI, one process per build, so every build reads the cache from disk (a process keeps what it
 * saved in memory, and would never read the forged file again).
 */
import fc from "fast-check";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sealCacheText } from "../../src/build/cache-file.js";
import { readTree, tempDir } from "../helpers.js";
import { acceptAll, type CacheEntry, cachedProject, forgeEntries, forgeOutput, toolgen } from "./forge.js";

const KEY = "the key of a CI cache shared with an attacker";
/** Scenarios with and without the key: each forges every entry and runs the real CLI four times. */
const RUNS = process.env.TOOLGEN_HEAVY ? 25 : 2;

const KINDS = ["escape", "accept-all", "swap", "retarget", "handler"] as const;
type Kind = (typeof KINDS)[number];

/** Paths an entry could name to leave `<dir>/generated` (each lands in `<dir>/escaped` or names a folder above). */
const escapes = (dir: string) => [
  "../escaped/PWN",
  "validators/../../escaped/PWN",
  "./../escaped/PWN",
  "validators//../../escaped/PWN",
  `${dir}/escaped/PWN`,
  "..\\escaped\\PWN",
  "validators\\..\\..\\escaped\\PWN",
  "C:/escaped/PWN",
  "..",
  "",
];
const RETARGETS = ["tools.json", ".toolgen-manifest.json", "index.ts", "types/get_weather.ts", "validators/get_stock_price.ts", ".toolgen-journal.json"];

interface Forgery {
  kind: Kind;
  other: number;
  variant: number;
}

const forgery = fc.record({ kind: fc.constantFrom(...KINDS), other: fc.nat(), variant: fc.nat() });

/** What a build that trusted a forged entry would leave at `rel` (undefined: the file is gone). */
interface Wrong {
  rel: string;
  contents: string | undefined;
}

/** Forges the entry under `key` as `f` says; returns what a build trusting it would leave in the output folder. */
function forge(f: Forgery, key: string, dir: string, entries: Record<string, CacheEntry>): Wrong {
  const entry = entries[key]!;
  const rel = entry.file.path;
  switch (f.kind) {
    case "escape": {
      const list = escapes(dir);
      entry.file.path = list[f.variant % list.length]!;
      if (f.variant % 3 === 0) entry.file.root = "handlers";
      return { rel, contents: undefined };
    }
    case "accept-all":
      entry.file.contents = acceptAll(path.basename(rel).replace(/\.\w+$/, ""));
      return { rel, contents: entry.file.contents };
    case "swap": {
      const others = Object.keys(entries).filter((k) => entries[k]!.file.path !== rel);
      const other = entries[others[f.other % others.length]!]!;
      [entry.file, other.file] = [other.file, entry.file];
      return { rel, contents: entry.file.contents };
    }
    case "retarget":
      entry.file.path = RETARGETS[f.variant % RETARGETS.length]!;
      return { rel, contents: undefined };
    case "handler":
      Object.assign(entry.file, { root: "handlers", path: "get_weather.ts", ownership: f.variant % 2 ? "user" : "generated" });
      return { rel, contents: undefined };
  }
}

const same = (a: Map<string, string>, b: Map<string, string>) => JSON.stringify([...a]) === JSON.stringify([...b]);

describe("forged cache entries (property, through the CLI)", () => {
  it(`never reach outside the output folders nor pass --check on a wrong tree (${RUNS} scenarios with the key, ${RUNS} without)`, async () => {
    const clean = await cachedProject();
    expect(toolgen(clean.dir, {}, ["build", "--no-cache"]).code).toBe(0);
    const fresh = { out: await readTree(clean.out), handlers: await readTree(clean.handlers) };
    // Without the key, the user's key lives here (not in the real home folder).
    const state = await tempDir();
    const seen = new Set<string>();
    for (const keyed of [false, true]) {
      const env = keyed ? { TOOLGEN_CACHE_KEY: KEY } : { TOOLGEN_CACHE_KEY: undefined, XDG_STATE_HOME: state };
      const reseal = keyed ? (name: string, body: string) => sealCacheText(name, body, KEY) : undefined;
      await fc.assert(
        fc.asyncProperty(fc.array(forgery, { minLength: 8, maxLength: 8 }), async (plan) => {
          const p = await cachedProject();
          expect(toolgen(p.dir, env, ["build"]).code).toBe(0);
          const schemas = await readTree(p.schemas);
          const wrongs: Wrong[] = [];
          // Every entry forged, each its own way.
          await forgeEntries(p.cacheDir, (entries) => {
            Object.keys(entries).sort().forEach((key, i) => {
              const f = plan[i % plan.length]!;
              seen.add(`${f.kind}${keyed ? " (keyed)" : ""}`);
              wrongs.push(forge(f, key, p.dir, entries));
            });
          }, reseal);
          // The tree a build that trusted the entries would leave, with a manifest that agrees.
          for (const w of wrongs) await forgeOutput(p.out, w.rel, w.contents);
          expect(same(await readTree(p.out), fresh.out)).toBe(false);
          expect(toolgen(p.dir, env, ["build", "--check"]).code).toBe(1);

          const built = toolgen(p.dir, env, ["build"]);
          expect(built.hung).toBe(false);
          expect((await readdir(p.dir)).sort()).toEqual(["generated", "handlers", "node_modules", "schemas"]);
          expect(await readTree(p.schemas)).toEqual(schemas);
          const tree = { out: await readTree(p.out), handlers: await readTree(p.handlers) };
          if (!keyed) {
            expect(built.code).toBe(0);
            expect(tree).toEqual(fresh);
          }
          // Whatever a build did with forgeries sealed under the key, --check says whether the tree is right.
          const right = same(tree.out, fresh.out) && same(tree.handlers, fresh.handlers);
          expect(toolgen(p.dir, env, ["build", "--check"]).code).toBe(right ? 0 : 1);
        }),
        { seed: keyed ? 2424 : 25, numRuns: RUNS },
      );
    }
    // The budget reaches every kind of forgery, with and without the key.
    expect(seen.size).toBe(2 * KINDS.length);
  });
});
