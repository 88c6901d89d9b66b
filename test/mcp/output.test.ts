/** Issue 13: the `mcp` output is opt-in, and only its files import the MCP SDK. */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot } from "../helpers.js";
import { ALL_OUTPUTS } from "./harness.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function project() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "toolgen-mcp-"));
  dirs.push(dir);
  await cp(path.join(repoRoot, "test", "mcp", "fixtures", "schemas"), path.join(dir, "schemas"), { recursive: true });
  return { schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers") };
}

/** The mcp/ files that are not per tool. */
const GOLDEN = ["mcp/server.ts", "mcp/outputs.ts", "mcp/stdio.ts", "mcp/stdio-server.ts", "mcp/http.ts", "mcp/http-server.ts", "mcp/fetch.ts"];

describe("the mcp output", () => {
  it("is not built by default", async () => {
    const p = await project();
    const result = await build({ ...p, cache: false });
    expect(result.files.filter((f) => f.path.startsWith("mcp/"))).toEqual([]);
  });

  it("when named, writes the server, both entries with their transports, the fetch handler and one output validator per output schema; only they import the SDK", async () => {
    const p = await project();
    const result = await build({ ...p, cache: false, outputs: ALL_OUTPUTS });
    const mcp = result.files.filter((f) => f.path.startsWith("mcp/")).map((f) => f.path).sort();
    expect(mcp).toEqual([
      "mcp/fetch.ts",
      "mcp/http-server.ts",
      "mcp/http.ts",
      "mcp/output-types/broken_output.ts",
      "mcp/output-types/count_words.ts",
      "mcp/output-types/search_notes.ts",
      
      "mcp/output-validators/broken_output.ts",
      
      "mcp/output-validators/count_words.ts",
      
      "mcp/output-validators/search_notes.ts",
      "mcp/outputs.ts",
      "mcp/server.ts",
      "mcp/stdio-server.ts",
      "mcp/stdio.ts",
    ]);
    for (const f of result.files) {
      expect(f.contents.includes("@modelcontextprotocol"), f.path).toBe(["mcp/fetch.ts", "mcp/http-server.ts", "mcp/server.ts", "mcp/stdio-server.ts"].includes(f.path));
    }
  });

  it("without toolsets, or with toolsets but not the toolsets output, writes mcp/ byte for byte as before toolsets (golden files)", async () => {
    const p = await project();
    const plain = await build({ ...p, cache: false, outputs: ALL_OUTPUTS });
    const golden = path.join(repoRoot, "test", "mcp", "fixtures", "expected");
    for (const f of plain.files.filter((f) => GOLDEN.includes(f.path))) await expect(f.contents).toMatchFileSnapshot(path.join(golden, ...f.path.split("/")));
    expect(plain.files.filter((f) => GOLDEN.includes(f.path)).length).toBe(GOLDEN.length);
    // "toolsets" in the config, the toolsets output left out: the same files, and a note saying so.
    const q = await project();
    const toolsets = [{ name: "notes", tools: ["search_notes"], tags: [], where: "toolgen.config.json" }];
    const withSets = await build({ ...q, cache: false, outputs: ALL_OUTPUTS, toolsets });
    for (const path of GOLDEN) expect(withSets.files.find((f) => f.path === path)?.contents, path).toBe(plain.files.find((f) => f.path === path)!.contents);
    expect(withSets.notes).toContain(`the config has "toolsets" but "outputs" leaves out "toolsets": the MCP server serves every tool (add "toolsets" for a server per toolset, --toolset NAME)`);
  });

  it("is a usage error without the outputs its code imports", async () => {
    const p = await project();
    await expect(build({ ...p, cache: false, outputs: ["mcp"] })).rejects.toThrow(/output 'mcp' needs/);
  });
});
