/**
 * Issue 23 item 3: the MCP output compiles in the projects people have, built the way they build
 * them: a project tsconfig (`tsc -p`, `outDir: "dist"`, no file list) in an ES-module or a CommonJS
 * package, with `strict` on (plus `noUnusedLocals`/`noUnusedParameters`) or off, after one tool was
 * removed. The compiled stdio and HTTP entries then serve `tools/list` and `tools/call` to the
 * official client from dist/.
 *
 * Without @types/node, only the transports and entries fail to compile (docs/mcp.md says to install it).
 *
 * Nothing is copied into dist/ by hand: tsc emits every file the servers load there, the validators
 * (TypeScript modules, issue 23 item 1) included.
 */
import { spawnSync } from "node:child_process";
import { cp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoTempDir } from "../e2e/compile.js";
import { CI_LIMIT_MS, readTree, repoRoot } from "../helpers.js";
import { ALL_OUTPUTS, buildMcpCase, compile, fillHandlers, httpClient, stdioClient } from "./harness.js";

const TSC = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");

interface Setup {
  name: string;
  packageJson: object;
  compilerOptions: Record<string, unknown>;
}

const STRICT = { strict: true, noUnusedLocals: true, noUnusedParameters: true };
const SETUPS: Setup[] = [
  { name: "ES module, strict, noUnused*", packageJson: { type: "module" }, compilerOptions: STRICT },
  { name: "ES module, strict off", packageJson: { type: "module" }, compilerOptions: { strict: false } },
  { name: "CommonJS, strict, noUnused*", packageJson: {}, compilerOptions: STRICT },
  { name: "CommonJS, strict off", packageJson: {}, compilerOptions: { strict: false } },
];

function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("");
}

/**
 * Every setup. In test:heavy only (vitest.config.ts HEAVY_ONLY: each case is a user's tsc project,
 * about 10 s); the quick suite's user projects are test/e2e/build-ways.test.ts's.
 */
const CASES = SETUPS;

describe("the MCP output in a user's tsc project", () => {
  for (const setup of CASES) {
    it(`${setup.name}, one tool removed: tsc -p compiles it, and both entries serve from dist/`, async () => {
      const dir = await repoTempDir();
      await cp(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
      await writeFile(path.join(dir, "package.json"), JSON.stringify(setup.packageJson));
      const tsconfig = { compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, outDir: "dist", types: ["node"], ...setup.compilerOptions } };
      await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
      const options = { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), lint: true, cache: false, outputs: ALL_OUTPUTS };
      await build(options);
      await fillHandlers(options.handlers);
      // The removed tool's handler stays (the user's code), as docs/dispatch.md says.
      await rm(path.join(options.schemas, "get_stock_price.json"));
      await build(options);

      const tsc = spawnSync(process.execPath, [TSC, "-p", dir], { cwd: dir, encoding: "utf8", timeout: CI_LIMIT_MS });
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.status).toBe(0);

      const stdio = await stdioClient(path.join(dir, "dist", "generated", "mcp", "stdio.js"));
      const http = await httpClient(path.join(dir, "dist", "generated", "mcp", "http.js"));
      try {
        for (const client of [stdio, http.client]) {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual(["get_current_stock_price", "get_ticker_symbol", "get_weather"]);
          const result = await client.callTool({ name: "get_weather", arguments: { location: "Paris" } });
          expect(result.isError ?? false, textOf(result)).toBe(false);
          expect(JSON.parse(textOf(result))).toEqual({ tool: "get_weather", input: { location: "Paris" } });
          await expect(client.callTool({ name: "get_stock_price", arguments: { ticker: "GM" } })).rejects.toMatchObject({ code: -32602 });
        }
      } finally {
        await stdio.close();
        await http.client.close();
        http.child.kill();
      }
    }, CI_LIMIT_MS);
  }
});

describe("the MCP output without @types/node", () => {
  it("server.ts compiles without Node's types; only the transports and entries need them, as docs/mcp.md says", async () => {
    const c = await buildMcpCase(path.join(repoRoot, "test", "mcp", "fixtures", "schemas"));
    expect(c.diagnostics).toEqual([]);
    const files = [...(await readTree(c.out)).keys()].filter((f) => f.endsWith(".ts")).map((f) => path.join(c.out, f));
    const handlers = [...(await readTree(c.handlers)).keys()].map((f) => path.join(c.handlers, f));
    // One program of every file: tsc reports each file's own errors, so none outside the transports
    // and entries means server.ts and everything it imports compile without Node's types.
    const withoutNodeTypes = compile(c.dir, [...files, ...handlers], []);
    expect(withoutNodeTypes.length).toBeGreaterThan(0);
    expect(withoutNodeTypes.filter((d) => !/^generated\/mcp\/(stdio|http)(-server)?\.ts:/.test(d))).toEqual([]);
  }, CI_LIMIT_MS);
});
