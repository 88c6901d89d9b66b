/**
 * The no-change fast path's key hashes the whole normalised options object (issue 9: no hand-kept
 * list of options, which a new option could be missing from). Each option below changes what a
 * build produces or reports, so changing it must make the next build do the work.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build, type BuildOptions } from "../../src/pipeline.js";
import { project, repoRoot } from "../helpers.js";

describe("the cache key", () => {
  it("changes with every option that changes the build", async () => {
    const p = await project(path.join(repoRoot, "schemas"));
    const templates = path.join(p.dir, "templates");
    await cp(path.join(repoRoot, "templates"), templates, { recursive: true });
    const base: BuildOptions = { schemas: p.schemas, out: p.out, handlers: p.handlers, cacheDir: path.join(p.dir, "cache") };
    const variants: Partial<BuildOptions>[] = [
      { rules: { "description-min-sentences": "off" } },
      { lint: false },
      { outputs: ["native", "types", "validators", "runtime", "index", "handlers"] },
      { templates },
    ];
    await build(base);
    expect((await build(base)).upToDate).toBe(true);
    for (const variant of variants) {
      const changed = await build({ ...base, ...variant });
      expect({ variant, upToDate: changed.upToDate }).toEqual({ variant, upToDate: false });
      expect((await build({ ...base, ...variant })).upToDate).toBe(true);
      await build(base);
    }
  });
});
