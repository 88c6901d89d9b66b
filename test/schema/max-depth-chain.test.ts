/**
 * Issue 10.4: schema-max-depth (and everything else that follows references) was exponential on
 * `$defs` chains of `anyOf: [{$ref: next}, {$ref: next}]`: 40 levels never finished, in lint or
 * build. Through the real CLI, with a time limit far above what a linear walk needs.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { childrenCpuMs, CI_LIMIT_MS, repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const DESCRIPTION = "Looks up a thing by its key. Use it when the user names a thing. It does not change anything.";

/** `levels` definitions, each `anyOf` two references to the next; the last is `last`. */
function chain(levels: number, level: (next: unknown) => unknown, last: unknown) {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`l${i}`] = level({ $ref: `#/$defs/l${i + 1}` });
  defs[`l${levels}`] = last;
  return { type: "object", properties: { x: { description: "The x.", $ref: "#/$defs/l0" } }, $defs: defs };
}

async function run(schema: unknown, ...command: string[]) {
  const dir = await tempDir();
  await mkdir(path.join(dir, "schemas"));
  await writeFile(path.join(dir, "schemas", "t.json"), JSON.stringify({ name: "t", description: DESCRIPTION, input_schema: schema }, null, 2));
  const started = childrenCpuMs();
  const r = spawnSync(process.execPath, [cli, ...command], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, ms: childrenCpuMs() - started };
}

describe("reference chains that branch at every level take linear time", () => {
  const flat = chain(48, (next) => ({ anyOf: [next, next] }), { type: "string" });
  const deep = chain(48, (next) => ({ type: "object", properties: { a: { anyOf: [next, next] } } }), { type: "string" });

  it("toolgen lint finishes fast on 48 levels, and still reports depth through the chain", async () => {
    const a = await run(flat, "lint", "schemas");
    expect(a.code).toBe(0);
    expect(a.ms).toBeLessThan(20_000);
    const b = await run(deep, "lint", "schemas");
    expect(b.code).toBe(0);
    expect(b.out).toMatch(/schema-max-depth/);
    expect(b.out.match(/schema-max-depth/g)).toHaveLength(1);
    expect(b.ms).toBeLessThan(20_000);
  });

  it("toolgen build finishes fast on 48 levels", async () => {
    const r = await run(flat, "build", "--schemas", "schemas", "--out", "generated", "--handlers", "handlers");
    expect(r.out).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(40_000);
  });
});
