/**
 * Issue 37.1: the two dialect rules fire through `toolgen lint` on their fixture
 * (test/fixtures/lint/dialect-default: a draft-07 tuple without `$schema`, an output schema stamped
 * draft-07, targets anthropic and mcp), as warnings; and `"defaultDialect": "draft-07"` silences the
 * ambiguity (the folder says what it means) while the mcp rule still warns (that is what is sent).
 */
import { spawnSync } from "node:child_process";
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { fixture, repoRoot, tempDir } from "../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const lint = (cwd: string) => {
  const run = spawnSync(process.execPath, [cli, "lint", "--format", "json"], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const found = JSON.parse(run.stdout) as Array<{ rule: string; line: number; column: number }>;
  return { status: run.status, found: found.map((m) => `${m.rule} ${m.line}:${m.column}`) };
};

it("dialect-ambiguous-keyword and mcp/schema-dialect fire on their fixture; defaultDialect draft-07 answers the first", async () => {
  expect(lint(fixture("lint", "dialect-default"))).toEqual({
    status: 0,
    found: ["dialect-ambiguous-keyword 10:9", "dialect-ambiguous-keyword 11:9", "mcp/schema-dialect 17:5"],
  });
  const dir = await tempDir();
  await cp(fixture("lint", "dialect-default"), dir, { recursive: true });
  await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify({ schemas: "schemas", targets: ["anthropic", "mcp"], defaultDialect: "draft-07" }));
  const configured = lint(dir);
  expect(configured.status).toBe(0);
  expect(configured.found.filter((f) => f.startsWith("dialect-ambiguous-keyword"))).toEqual([]);
  expect(configured.found.filter((f) => f.startsWith("mcp/schema-dialect")).length).toBe(2);
});
