/**
 * The caps check (`toolset-cap`): each toolset, and the whole folder, against the tool caps of the
 * targets a build sends to (their facts' `maxTools`: OpenAI 128, Gemini 512) and of the clients the
 * config names (./facts.ts). A toolset over a cap is an error (the provider or client refuses or
 * truncates it); the whole folder over one is a warning (send a toolset instead; a folder built
 * before toolsets existed keeps building). Each message names the cap's source.
 */
import type { Diagnostic } from "../model.js";
import { CLIENT_CAPS, type ClientId, type ToolCap } from "./facts.js";
import type { ResolvedToolset } from "./resolve.js";

/** A target's title and its documented cap (targets without one are left out by the caller). */
export interface TargetCap {
  title: string;
  maxTools: { max: number; source: string };
}

export interface CapInput {
  toolsets: readonly ResolvedToolset[];
  /** Tools in the whole folder. */
  total: number;
  targets: readonly TargetCap[];
  clients: readonly ClientId[];
  /** The config file, as messages name it. */
  where: string;
}

export const TOOLSET_CAP_RULE = "toolset-cap";

export function capDiagnostics(input: CapInput): Diagnostic[] {
  const caps: ToolCap[] = [
    ...input.targets.map((t) => ({ title: t.title, max: t.maxTools.max, source: t.maxTools.source })),
    ...input.clients.map((c) => CLIENT_CAPS[c]),
  ];
  const out: Diagnostic[] = [];
  for (const { max, ...cap } of caps) {
    if (max === null) continue;
    for (const set of input.toolsets) {
      if (set.tools.length <= max) continue;
      out.push({
        file: input.where,
        rule: TOOLSET_CAP_RULE,
        severity: "error",
        pointer: `/toolsets/${set.name}`,
        message: `the toolset '${set.name}' has ${set.tools.length} tools, over ${cap.title}'s cap of ${max} (source: ${cap.source}); split it`,
      });
    }
    if (input.total > max) {
      const toolsets = input.toolsets.length > 0;
      out.push({
        file: input.where,
        rule: TOOLSET_CAP_RULE,
        severity: "warning",
        pointer: "",
        message: `the folder has ${input.total} tools, over ${cap.title}'s cap of ${max} (source: ${cap.source}); ${toolsets ? "send a toolset (toolsets/<name>.ts), not the whole folder" : 'define "toolsets" of at most that many and send one of them'}`,
      });
    }
  }
  return out;
}
