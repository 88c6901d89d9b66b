/**
 * Issue 37.1: `toolgen import mcp` keeps the `$schema` each tool's schemas declare (a draft-07 stamp
 * included), so that toolgen reads them in the dialect the server meant; and `mcp/schema-dialect`
 * then warns about the ones some clients refuse.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runImport } from "../../src/commands/import.js";
import { lintFolder } from "../../src/commands/lint-folder.js";
import { repoRoot } from "../helpers.js";
import { repoTempDir } from "../e2e/compile.js";

const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
const SERVER = path.join(repoRoot, "test", "mcp", "fixtures", "dialect-server.mjs");
const sink = () => ({ write: () => undefined });

describe("toolgen import mcp and $schema", () => {
  it("keeps what the server declared, and adds none where it declared none", async () => {
    const schemas = path.join(await repoTempDir(), "schemas");
    expect(await runImport({ source: "mcp", command: [process.execPath, SERVER], schemas, lint: false, stdout: sink(), stderr: sink() })).toBe(0);
    const read = async (file: string) => JSON.parse(await readFile(path.join(schemas, file), "utf8")) as Record<string, Record<string, unknown>>;
    expect((await readdir(schemas)).sort()).toEqual(["declared_2020.json", "plain.json", "stamped.json"]);
    const stamped = await read("stamped.json");
    expect(stamped["input_schema"]!["$schema"]).toBe(DRAFT_07);
    expect(stamped["output_schema"]!["$schema"]).toBe(DRAFT_07);
    expect((await read("declared_2020.json"))["input_schema"]!["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(Object.hasOwn((await read("plain.json"))["input_schema"]!, "$schema")).toBe(false);

    const { diagnostics } = await lintFolder({ schemas, targets: ["mcp"] });
    const dialect = diagnostics.filter((d) => d.rule === "mcp/schema-dialect").map((d) => [d.tool, d.pointer]);
    expect(dialect).toEqual([
      ["stamped", "/input_schema/$schema"],
      ["stamped", "/output_schema/$schema"],
    ]);
  });
});
