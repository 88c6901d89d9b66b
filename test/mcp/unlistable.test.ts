/**
 * Issue 23 item 3: a tool that MCP clients would reject is never listed. With `--no-lint`, a tool
 * whose input schema's root is not `"type": "object"` reaches the build; the official
 * client refuses a whole `tools/list` answer that carries one. The mcp output leaves such a tool out
 * of the server (tools.json keeps it) and says so in a note naming the file, the tool and the pointer.
 * (An output schema may have any root since MCP 2026-07-28, SEP-2106: test/mcp/any-output.test.ts.)
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { anyOutputCase, stdioClient } from "./harness.js";

describe("a tool MCP clients would reject, built with --no-lint", () => {
  it("is left out of tools/list with a note; the other tools are listed and served", async () => {
    const c = await anyOutputCase();
    expect(c.diagnostics).toEqual([]);
    expect(c.notes).toContain(`${path.relative(process.cwd(), path.join(c.schemas, "word_list.json")).split(path.sep).join("/")}: the tool 'word_list' is left out of the MCP server (MCP clients reject a tools/list that carries it): /input_schema: the root is not "type": "object"`);
    expect(c.notes.filter((n) => n.includes("left out"))).toHaveLength(1);
    const native = JSON.parse(await readFile(path.join(c.out, "tools.json"), "utf8")) as Array<{ name: string }>;
    expect(native.map((t) => t.name)).toEqual(["count_letters", "list_words", "say_hello", "word_list"]);

    const client = await stdioClient(path.join(c.dist, "generated", "mcp", "stdio.js"));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["count_letters", "list_words", "say_hello"]);
      const hello = await client.callTool({ name: "say_hello", arguments: { name: "Ada" } });
      expect(hello.isError ?? false).toBe(false);
      await expect(client.callTool({ name: "word_list", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });
});
