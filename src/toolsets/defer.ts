/**
 * `deferLoading`: which tools are sent `defer_loading: true` so that what is loaded up front fits a
 * token budget (the offline estimate of src/lint/stats.ts). Deterministic: the `alwaysLoad` tools are
 * kept first (never deferred), then every other tool in name order is kept while it still fits
 * (first fit: a tool too big for what is left is deferred, and smaller ones after it may still fit).
 * A tool whose file says `defer_loading: true` stays deferred.
 */
import { UsageError } from "../errors.js";
import { closest } from "../lint/nearest.js";
import { toolSize } from "../lint/stats.js";
import type { BundledTool } from "../model.js";
import type { DeferLoadingSpec } from "./settings.js";

export interface DeferPlan {
  /** The tools kept loaded, in name order, and their estimated tokens together. */
  loaded: string[];
  loadedTokens: number;
  deferred: string[];
}

export function planDeferral(tools: readonly BundledTool[], spec: DeferLoadingSpec): DeferPlan {
  const names = tools.map((t) => t.name);
  const always = new Set(spec.alwaysLoad);
  for (const name of spec.alwaysLoad) {
    if (!names.includes(name)) {
      const near = closest(name, names);
      throw new UsageError(`${spec.where}: 'deferLoading.alwaysLoad' names '${name.slice(0, 80)}', which is no tool${near ? ` (did you mean '${near}'?)` : ""}`);
    }
  }
  const kept = new Set<string>();
  let used = 0;
  for (const tool of tools) {
    if (!always.has(tool.name)) continue;
    if (tool.fields?.defer_loading === true) throw new UsageError(`${spec.where}: 'deferLoading.alwaysLoad' names '${tool.name}', whose file says "defer_loading": true`);
    kept.add(tool.name);
    used += toolSize(tool).estimatedTokens;
  }
  if (used > spec.budgetTokens) {
    throw new UsageError(`${spec.where}: the 'deferLoading.alwaysLoad' tools alone are ~${used} tokens, over 'budgetTokens' ${spec.budgetTokens} (toolgen stats shows each tool's estimate)`);
  }
  for (const tool of tools) {
    if (kept.has(tool.name) || tool.fields?.defer_loading === true) continue;
    const cost = toolSize(tool).estimatedTokens;
    if (used + cost <= spec.budgetTokens) {
      kept.add(tool.name);
      used += cost;
    }
  }
  if (kept.size === 0 && tools.length > 0) {
    throw new UsageError(`${spec.where}: 'deferLoading.budgetTokens' ${spec.budgetTokens} keeps no tool loaded (the smallest is ~${Math.min(...tools.map((t) => toolSize(t).estimatedTokens))} tokens); the Messages API needs at least one tool that is not deferred`);
  }
  return { loaded: names.filter((n) => kept.has(n)), loadedTokens: used, deferred: names.filter((n) => !kept.has(n)) };
}

/** The tools with `defer_loading: true` set on those the plan defers (new objects; the input is not changed). */
export function applyDeferral(tools: readonly BundledTool[], spec: DeferLoadingSpec | null): BundledTool[] {
  if (spec === null) return [...tools];
  const deferred = new Set(planDeferral(tools, spec).deferred);
  return tools.map((t) => (deferred.has(t.name) && t.fields?.defer_loading !== true ? { ...t, fields: { ...t.fields, defer_loading: true } } : t));
}
