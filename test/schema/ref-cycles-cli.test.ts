/**
 * Issue 10.13: reference cycles and `$ref` members inside data, through the real CLI. A cycle that
 * never descends into a property or an item is a located input error (exit 1, file:line:col); a
 * recursive schema and a `$ref` inside `enum`/`const` data build.
 */
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const DESCRIPTION = "Looks up a thing by its key. Use it when the user names a thing. It does not change anything.";

async function run(inputSchema: unknown, ...command: string[]) {
  const dir = await tempDir();
  await mkdir(path.join(dir, "schemas"));
  await writeFile(path.join(dir, "schemas", "t.json"), JSON.stringify({ name: "t", description: DESCRIPTION, input_schema: inputSchema }, null, 2));
  const r = spawnSync(process.execPath, [cli, ...command], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const build = (schema: unknown) => run(schema, "build", "--schemas", "schemas", "--out", "generated", "--handlers", "handlers");

describe("reference cycles and $ref in data (toolgen build)", () => {
  it("a local $ref that points at itself is a located error", async () => {
    const r = await build({ type: "object", properties: { x: { description: "The x.", $ref: "#/properties/x" } } });
    expect(r.out).not.toMatch(/internal error/);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/schemas\/t\.json:\d+:\d+: error ref-resolvable: .*cycle.*#\/input_schema\/properties\/x\/\$ref/);
  });

  it("an x -> y -> x cycle of $defs is a located error", async () => {
    const r = await build({
      type: "object",
      properties: { x: { description: "The x.", $ref: "#/$defs/x" } },
      $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } },
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/schemas\/t\.json:\d+:\d+: error ref-resolvable: the references '#\/\$defs\/x' -> '#\/\$defs\/y' -> '#\/\$defs\/x' form a cycle/);
  });

  it("a cycle through allOf/anyOf (no property or item in between) is a located error", async () => {
    const r = await build({
      type: "object",
      properties: { x: { description: "The x.", $ref: "#/$defs/x" } },
      $defs: { x: { anyOf: [{ type: "string" }, { allOf: [{ $ref: "#/$defs/x" }] }] } },
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/error ref-resolvable: .*cycle.*#\/input_schema\/\$defs\/x\/anyOf\/1\/allOf\/0\/\$ref/);
  });

  it("the same cycles fail toolgen lint with exit 1", async () => {
    const r = await run({ type: "object", properties: { x: { description: "The x.", $ref: "#/properties/x" } } }, "lint", "schemas");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/ref-resolvable/);
  });

  it("a recursive schema (the cycle goes through a property) builds", async () => {
    const r = await build({
      type: "object",
      properties: { node: { description: "The tree.", $ref: "#/$defs/node" } },
      $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
    });
    expect(r.out).not.toMatch(/: error |internal error/);
    expect(r.code).toBe(0);
  });

  it("a $ref member inside enum or const data is data: the build succeeds", async () => {
    const r = await build({
      type: "object",
      properties: {
        x: { description: "The x.", enum: [{ $ref: "#/nowhere" }, "plain"] },
        y: { description: "The y.", const: { $ref: "#/$defs/z" } },
        enum: { description: "A property named enum is a schema.", type: "string" },
      },
    });
    expect(r.out).not.toMatch(/internal error|error/);
    expect(r.code).toBe(0);
  });
});
