/**
 * Issue 23 item 12: the facts of the README and its docs pages that go stale, held against what they
 * describe: the model their samples send (the installed SDK must not warn that it is deprecated), the lint sample (run
 * literally, it prints what the README shows), and the Node versions (engines, the Actions sample
 * and CI name the supported ones).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { repoRoot, tempDir } from "./helpers.js";
import { startMessagesServer } from "./runtime/messages-server.js";

/** The front page and the manual's pages under docs/ (not the rule pages). */
const pages = ["README.md", ...readdirSync(path.join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))];
const docs = pages.map((page) => readFileSync(path.join(repoRoot, page), "utf8")).join("\n");
const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

/** The fenced code blocks of the README and the docs pages, without their fences. */
function codeBlocks(): string[] {
  return [...docs.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

describe("the facts of the README and the docs pages (issue 23 item 12)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("its samples send a model the installed SDK knows and does not call deprecated", async () => {
    const models = new Set(codeBlocks().flatMap((block) => [...block.matchAll(/model: "(claude-[^"]+)"/g)].map((m) => m[1]!)));
    expect(models.size).toBeGreaterThan(0);
    const sdkTypes = readFileSync(path.join(repoRoot, "node_modules", "@anthropic-ai", "sdk", "resources", "messages", "messages.d.ts"), "utf8");
    const server = await startMessagesServer();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      server.script([{ kind: "json", content: [{ type: "text", text: "hi" }], stop_reason: "end_turn" }]);
      for (const model of models) {
        expect(sdkTypes, `the SDK's Model type lists ${model}`).toContain(`'${model}'`);
        await server.client.messages.create({ model, max_tokens: 16, messages: [{ role: "user", content: "hi" }] });
      }
      // The mechanism is live: a model the SDK does deprecate makes it warn.
      await server.client.messages.create({ model: "claude-sonnet-4-5", max_tokens: 16, messages: [{ role: "user", content: "hi" }] });
    } finally {
      await server.close();
    }
    const warnings = warn.mock.calls.map((args) => String(args[0]));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("'claude-sonnet-4-5' is deprecated");
  });

  it("the lint sample prints what it shows, run as written on the seed schemas", async () => {
    const block = codeBlocks().find((b) => b.includes("$ npx toolgen lint"));
    expect(block).toBeDefined();
    const [, file, written, command, shown] = /^\$ cat (\S+)[^\n]*\n([\s\S]*?)^\$ (npx toolgen lint[^\n#]*?)\s*(?:#[^\n]*)?\n([\s\S]*)$/m.exec(block!) ?? [];
    expect(file, "the sample shows the file it lints with `$ cat`").toBeDefined();
    const dir = await tempDir("toolgen-readme-lint-");
    await mkdir(path.join(dir, ".git"));
    await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
    await writeFile(path.join(dir, file!), written!);
    const args = command!.trim().split(/\s+/).slice(2);
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    const run = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: "utf8", env });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe(shown!.trim());
  });

  it("engines, the Actions sample and CI name Node 22, 24 and 26; the sample uses 24, test:heavy runs on 22", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { engines: { node: string }; devDependencies: Record<string, string> };
    // Issue 37 item 8: Node 20 reached end of life on 2026-04-30, and `ai` 7 and `@mastra/core` 1 need 22.
    expect(pkg.engines.node).toBe("^22.12.0 || >=24.0.0");
    expect(pkg.devDependencies["@types/node"]).toMatch(/^\^22\./);
    const sample = codeBlocks().find((b) => b.includes("actions/setup-node"));
    expect(sample).toMatch(/node-version: 24\n/);
    const ci = readFileSync(path.join(repoRoot, ".ci", "run"), "utf8");
    expect(ci).toMatch(/^NODE_VERSIONS="22 24 26"$/m);
    // Where the machine's node is 20 (no longer supported), test:heavy still runs on a supported one.
    expect(ci).toMatch(/^\.ci\/with-node 22 npm run test:heavy$/m);
    expect(docs).not.toMatch(/Node 20, 22 and 24|20\.19 still works/);
  });
});
