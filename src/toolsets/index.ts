/**
 * What the deferral feature's transform and `toolgen stats` ask of deferred loading: the tools with the
 * deferral plan applied (defer.ts). (The caps check is the toolsets feature's rule toolset-cap, over
 * check.ts.)
 */
import type { BundledTool } from "../model.js";
import { applyDeferral } from "./defer.js";
import type { DeferLoadingSpec } from "./settings.js";

/** The settings as a build resolves them (by key: `deferLoading`). */
interface ToolsetSettings {
  deferLoading?: unknown;
}

/** The tools as the outputs see them: `defer_loading` set where the `deferLoading` budget says. */
export function withDeferral(tools: readonly BundledTool[], settings: ToolsetSettings): BundledTool[] {
  return applyDeferral(tools, (settings.deferLoading ?? null) as DeferLoadingSpec | null);
}
