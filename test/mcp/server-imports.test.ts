/**
 * Issue 13 (speed): the generated MCP server loads only what serving needs. It builds its dispatcher
 * from registry.ts (issue 36: the index output's registry and handlers, which index.ts's dispatcher is
 * made from too), not from index.ts, whose legacy prompt and conversions (the largest generated module
 * at scale) a server never reads; and a call reaches a handler through registry.ts's loaders
 * (`lazyHandler`: loaded once, then called directly), with an output check only for tools that declare
 * an output schema.
 */
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { repoRoot, tempDir } from "../helpers.js";
import { ALL_OUTPUTS } from "./harness.js";

describe("the generated MCP server's imports", () => {
  it("does not import index.ts or the legacy prompt; only tools with an output schema get an output check", async () => {
    const dir = await tempDir("toolgen-mcp-imports-");
    await cp(path.join(repoRoot, "test", "mcp", "fixtures", "schemas"), path.join(dir, "schemas"), { recursive: true });
    // The fixture's tools all declare an output schema: one more that does not.
    const plainTool = { name: "ping_host", description: "Pings a host once. Use it to check that a host answers. It returns the round trip in milliseconds.", input_schema: { type: "object", properties: { host: { type: "string", description: "The host name, e.g. example.com." } }, required: ["host"] } };
    await writeFile(path.join(dir, "schemas", "ping_host.json"), JSON.stringify(plainTool));
    const result = await build({ schemas: path.join(dir, "schemas"), out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false, outputs: ALL_OUTPUTS });
    const server = result.files.find((f) => f.path === "mcp/server.ts")!.contents;
    const imports = [...server.matchAll(/(?:from |import\()"([^"]+)"/g)].map((m) => m[1]);
    expect(imports).not.toContain("../index.js");
    expect(imports.filter((i) => /legacy/.test(i!))).toEqual([]);
    // Issue 36: the dispatcher is made from the index output's registry and handlers (registry.ts), as
    // index.ts's is; the server keeps no registry, validator table or handler table of its own.
    expect(imports).toContain("../registry.js");
    expect(server).toContain("createDispatcherFrom<Pick<ToolInputs, ToolName>>(registry, withOutputChecks(handlers))");
    expect(server).not.toMatch(/lazyHandler|\.\.\/validators\/|new Map<string, Extras>|^ {2}\["/m);
    const checked = [...server.matchAll(/^ {2}"([^"]+)": lazyValidator\(\(\) => import\("\.\/output-validators\//gm)].map((m) => m[1]).sort();
    const withOutput = result.files.filter((f) => /^mcp\/output-validators\/.*\.ts$/.test(f.path)).map((f) => path.basename(f.path, ".ts")).sort();
    expect(checked).toEqual(withOutput);
    expect(checked).not.toContain("ping_host");
    expect(checked.length + 1).toBe(result.tools);
  });
});
