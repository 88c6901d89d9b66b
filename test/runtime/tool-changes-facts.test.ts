/**
 * Issue 41 item 2: what runtime/tool-changes.ts states about the Messages API's tool change blocks is
 * what the installed @anthropic-ai/sdk states, read from its own type files: the blocks' shapes, where a
 * system message may carry them, and the beta they need. Each check fails when the SDK changes. The
 * blocks' types are also checked against the SDK's by the type-check (the assignments below).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type {
  BetaMessageParam,
  BetaRequestToolAdditionBlock,
  BetaRequestToolRemovalBlock,
  BetaSystemMessageParam,
  BetaToolUnion,
} from "@anthropic-ai/sdk/resources/beta/messages/messages";
import { describe, expect, it } from "vitest";
import { INLINE_TOOLS_BETA, toolChanges, type ToolChangeBlock } from "../../src/runtime/tool-changes.js";
import { packageText, packageVersion } from "../facts/installed.js";
import { repoRoot } from "../helpers.js";

const BETA_MESSAGES = "resources/beta/messages/messages.d.ts";

/** The body of `export interface NAME { ... }` in the SDK's beta messages types. */
function sdkInterface(name: string): string {
  const text = packageText("@anthropic-ai/sdk", BETA_MESSAGES);
  const start = text.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`@anthropic-ai/sdk: no interface ${name} in ${BETA_MESSAGES}`);
  // Without the doc comments: only the members' declarations.
  return text.slice(start, text.indexOf("\n}", start)).replace(/\/\*\*[\s\S]*?\*\//g, "");
}

// The type-check holds these: the helper's blocks are the SDK's, and a system message carries them.
const sdkTools: BetaToolUnion[] = [{ name: "a", input_schema: { type: "object" } }];
const sdkBlocks: Array<BetaRequestToolAdditionBlock | BetaRequestToolRemovalBlock> = toolChanges({ messages: [] }, sdkTools);
const sdkMessage: BetaMessageParam = { role: "system", content: sdkBlocks } satisfies BetaSystemMessageParam;
void sdkMessage;

describe("the tool change blocks, as @anthropic-ai/sdk states them", () => {
  it("the beta header is the one the SDK's beta list and its tool runner's addTools and removeTools name", () => {
    const betas = /export type AnthropicBeta = ([^;]+);/.exec(packageText("@anthropic-ai/sdk", "resources/beta/beta.d.ts"));
    expect(betas?.[1]?.split("|").map((b) => b.trim())).toContain(`'${INLINE_TOOLS_BETA}'`);
    const runner = packageText("@anthropic-ai/sdk", "lib/tools/BetaToolRunner.d.ts");
    // The doc comment right before each method's declaration.
    const requires = ["addTools(", "removeTools("].map((method) => {
      const at = runner.indexOf(`\n    ${method}`);
      const doc = runner.slice(runner.lastIndexOf("/**", at), at).replace(/\s*\n\s*\*\s*/g, " ");
      return at < 0 ? `no ${method}` : /Requires the `([^`]+)` beta/.exec(doc)?.[1];
    });
    expect(requires).toEqual([INLINE_TOOLS_BETA, INLINE_TOOLS_BETA]);
  });

  it("tool_addition takes a reference or a definition, tool_removal a reference, and a system message carries both", () => {
    const squeeze = (s: string) => s.replace(/\s+/g, " ").trim();
    expect(squeeze(sdkInterface("BetaRequestToolAdditionBlock"))).toContain(
      "tool: BetaToolChangeToolReference | BetaToolChangeMCPToolReference | BetaToolChangeMCPToolsetReference | BetaToolChangeToolDefinitionParam; type: 'tool_addition';",
    );
    expect(squeeze(sdkInterface("BetaRequestToolRemovalBlock"))).toContain(
      "tool: BetaToolChangeToolReference | BetaToolChangeMCPToolReference | BetaToolChangeMCPToolsetReference; type: 'tool_removal';",
    );
    expect(squeeze(sdkInterface("BetaToolChangeToolReference"))).toBe("export interface BetaToolChangeToolReference { name: string; type: 'tool_reference';");
    expect(squeeze(sdkInterface("BetaToolChangeToolDefinitionParam"))).toBe(
      "export interface BetaToolChangeToolDefinitionParam { definition: BetaToolUnion; type: 'tool_definition';",
    );
    expect(squeeze(sdkInterface("BetaSystemMessageParam"))).toContain(
      "content?: string | Array<BetaTextBlockParam | BetaRequestToolAdditionBlock | BetaRequestToolRemovalBlock>;",
    );
    // The SDK's tool runner sends its changes as runtime/run.ts does: in a system message of their own.
    expect(packageText("@anthropic-ai/sdk", "lib/tools/BetaToolRunner.js")).toContain("return { role: 'system', content };");
  });

  it("the runtime names the SDK version it read them from, and the blocks it writes are those shapes", () => {
    const [major, minor] = packageVersion("@anthropic-ai/sdk").split(".");
    const runtime = readFileSync(path.join(repoRoot, "src", "runtime", "tool-changes.ts"), "utf8");
    expect([...runtime.matchAll(/@anthropic-ai\/sdk (\d+\.\d+)/g)].map((m) => m[1])).toEqual([`${major}.${minor}`, `${major}.${minor}`]);
    // Wherever the sources and docs name the beta, they name this one.
    const named = ["src/runtime/run.ts", "src/runtime/tool-changes.ts", "docs/many-tools.md", "docs/dispatch.md"].flatMap((file) =>
      [...readFileSync(path.join(repoRoot, file), "utf8").matchAll(/inline-tools-[\d-]+/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(named.filter((n) => !n.endsWith(`: ${INLINE_TOOLS_BETA}`))).toEqual([]);
    expect(new Set(named.map((n) => n.split(":")[0])).size).toBe(4);
    const blocks: ToolChangeBlock[] = toolChanges({ tools: [{ name: "a" }, { name: "b" }], messages: [] }, [{ name: "b", x: 1 }, { name: "a" }]);
    expect(blocks).toEqual([{ type: "tool_addition", tool: { type: "tool_definition", definition: { name: "b", x: 1 } } }]);
    const removed = toolChanges({ tools: [{ name: "a" }], messages: [{ content: [{ type: "tool_removal", tool: { type: "tool_reference", name: "a" } }] }] }, [{ name: "a" }]);
    expect(removed).toEqual([{ type: "tool_addition", tool: { type: "tool_reference", name: "a" } }]);
  });
});
