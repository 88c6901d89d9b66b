/**
 * What the build asks of toolsets and deferred loading, in one call each: the caps check over the
 * resolved toolsets (check.ts), and the tools with the deferral plan applied (defer.ts).
 */
import type { BundledTool, Diagnostic } from "../model.js";
import { capDiagnostics, type TargetCap } from "./check.js";
import { applyDeferral } from "./defer.js";
import { resolveToolsets } from "./resolve.js";
import type { ClientId } from "./facts.js";
import type { DeferLoadingSpec, ToolsetSpec } from "./settings.js";

export type { TargetCap } from "./check.js";

/** The settings as a build resolves them (by key: `toolsets`, `clients`, `deferLoading`). */
interface ToolsetSettings {
  toolsets?: unknown;
  clients?: unknown;
  deferLoading?: unknown;
}

const specs = (settings: ToolsetSettings) => (settings.toolsets ?? []) as readonly ToolsetSpec[];

/** The caps check over the folder and its toolsets; a UsageError for a toolset entry that finds no tool. */
export function toolsetDiagnostics(tools: readonly { name: string; tags?: readonly string[] }[], settings: ToolsetSettings, targets: readonly TargetCap[], where = "toolgen.config.json"): Diagnostic[] {
  const sets = resolveToolsets(specs(settings), tools);
  const clients = (settings.clients ?? []) as readonly ClientId[];
  const file = specs(settings)[0]?.where ?? where;
  return capDiagnostics({ toolsets: sets, total: tools.length, targets, clients, where: file });
}

/** The tools as the outputs see them: `defer_loading` set where the `deferLoading` budget says. */
export function withDeferral(tools: readonly BundledTool[], settings: ToolsetSettings): BundledTool[] {
  return applyDeferral(tools, (settings.deferLoading ?? null) as DeferLoadingSpec | null);
}
