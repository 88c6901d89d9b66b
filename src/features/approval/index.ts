/**
 * The approval feature: `approvalFromDestructiveHint`, a setting that asks a person's approval before each
 * call of a tool whose file says `"annotations": {"destructiveHint": true}`, as if it said
 * `"needs_approval": true`. Its transform marks those tools, so every output with an approval option
 * (ai-sdk's `toolApproval`, openai-agents' `needsApproval`, mastra's `requireApproval`) asks for it with
 * no edit of theirs. Off by default; a file's own `needs_approval`, even `false`, wins.
 */
import { readAnnotations } from "../../load/tool-fields.js";
import type { BundledTool } from "../../model.js";
import { booleanSetting, defineSetting } from "../../setting.js";
import { defineFeature } from "../feature.js";

/** Derive `needs_approval` from MCP's `destructiveHint: true` (only an explicit true: MCP's default is a hint, not a fact). */
export const approvalFromDestructiveHint = defineSetting({
  key: "approvalFromDestructiveHint",
  describe:
    'every tool whose file says "annotations": {"destructiveHint": true} and no "needs_approval" needs a person\'s approval before each call, in every output that can ask (ai-sdk, openai-agents, mastra) [default: false]',
  default: false,
  parse: (value, where): boolean => booleanSetting(value, where, "approvalFromDestructiveHint"),
});

/** The tools with `needs_approval: true` set where the setting derives it; the others as they are. */
export function withDerivedApproval(tools: readonly BundledTool[], on: boolean): readonly BundledTool[] {
  if (!on) return tools;
  return tools.map((t) => {
    if (t.fields?.needs_approval !== undefined || readAnnotations(t.source.data)?.destructiveHint !== true) return t;
    return { ...t, fields: { ...t.fields, needs_approval: true } };
  });
}

export default defineFeature({
  id: "approval",
  title: "Approval",
  settings: [approvalFromDestructiveHint],
  transform: (tools, settings) => withDerivedApproval(tools, settings[approvalFromDestructiveHint.key] === true),
});
