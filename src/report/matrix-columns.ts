/**
 * The columns of `toolgen lint --format matrix` (./matrix.ts), derived from the catalogue: one per client
 * and provider the run checks (a target whose rules are on: `targets`, or a built opt-in output), and one per
 * client the config's `clients` names. Each column says which rules decide it (its target's, and the base
 * rules), which findings refuse a tool there whatever their severity, and the lowering toolgen applies
 * before sending (OpenAI's strict mode, Gemini's OpenAPI subset): the same functions the outputs call.
 */
import { isDeepStrictEqual } from "node:util";
import { checkedTargets, TARGETS } from "../catalog.js";
import type { ResolvedRuleSetting } from "../lint/settings.js";
import type { BundledTool, JsonObject } from "../model.js";
import { lowerToOpenApi } from "../schema/openapi.js";
import { GEMINI_LOSSLESS_RULE } from "../targets/gemini/output.js";
import { MCP_SCHEMA_DIALECT } from "../targets/mcp/facts.js";
import { declaredStrict, lowerStrict, STRICT_RULE } from "../targets/openai/strict.js";
import { CLIENT_CAPS, type ClientId, type ToolCap } from "../toolsets/facts.js";

/** What toolgen's lowering for a column does to one tool: nothing, a faithful change, or a refusal (by `rule`). */
export type LoweringVerdict = { kind: "none" } | { kind: "lowered" | "refused"; rule: string };

export interface MatrixColumn {
  /** The column's heading, e.g. "OpenAI (strict)". */
  title: string;
  /** The target whose rules decide it (`targets/<id>/`). */
  target: string;
  /** Rules a finding of which refuses the tool here whatever its severity (a fact names this client as refusing). */
  refusedBy: readonly string[];
  /** Its documented tool cap, for the footer. */
  cap?: ToolCap;
  /** What toolgen does to the tool before sending it here (the target's output's own lowering). */
  lower?: (tool: BundledTool) => LoweringVerdict;
}

/**
 * The base rules that check a fact of the Claude API only (targets/anthropic/facts.ts: "the two name rules
 * are the tool file format's own"): the other targets state their own name and key rules. Every other base
 * and feature rule decides every column (a tool toolgen cannot read goes nowhere).
 */
export const CLAUDE_FORMAT_RULES: ReadonlySet<string> = new Set(["tool-name-format", "property-key-format"]);

/** How the table names a target's column, where its title is not what users call it. */
/** The rule that reports a schema's declared dialect other than 2020-12 (targets/mcp/rules/schema-dialect.ts). */
const SCHEMA_DIALECT_RULE = "mcp/schema-dialect";

/**
 * The warnings that say a target's output leaves the tool out: claude-agent-sdk/zod-exact ("the claude-agent-sdk
 * output leaves the tool out", its meta), so the tool is dropped there whatever the rule's severity.
 */
const DROPPED_BY: Readonly<Record<string, readonly string[]>> = { "claude-agent-sdk": ["claude-agent-sdk/zod-exact"] };

const TITLES: Readonly<Record<string, string>> = { anthropic: "Claude API", mcp: "Claude Code" };

/** The columns of a run: its composed rule settings (composeRules), resolved (resolveRuleSettings), and its settings. */
export function matrixColumns(
  composed: Readonly<Record<string, unknown>>,
  resolved: ReadonlyMap<string, ResolvedRuleSetting>,
  settings: Readonly<Record<string, unknown>>,
): MatrixColumn[] {
  const columns: MatrixColumn[] = [];
  for (const target of checkedTargets(composed)) {
    const cap = target.profile?.maxTools;
    const column: MatrixColumn = { title: TITLES[target.id] ?? target.title, target: target.id, refusedBy: DROPPED_BY[target.id] ?? [], ...(cap ? { cap: { title: target.title, ...cap } } : {}) };
    if (target.id === "openai") {
      const strict = resolved.get(STRICT_RULE);
      const all = strict !== undefined && strict.severity !== "off" && (strict.options["all"] ?? 0) >= 1;
      column.title = all ? "OpenAI (strict)" : "OpenAI";
      column.lower = (tool) => lowerOpenAiStrict(tool, all);
    }
    if (target.id === "gemini" && settings["geminiSchemaField"] === "parameters") column.lower = lowerGeminiParameters;
    columns.push(column);
  }
  // The clients' own columns: MCP clients, decided by the mcp target's rules (their caps are the footer's).
  for (const client of (settings["clients"] ?? []) as readonly ClientId[]) {
    columns.push({ title: CLIENT_CAPS[client].title, target: "mcp", refusedBy: [], cap: CLIENT_CAPS[client] });
  }
  // A client a fact names as refusing a tool that mcp/schema-dialect reports (MCP_SCHEMA_DIALECT, with its sources).
  for (const column of columns) {
    if (column.target === "mcp" && (MCP_SCHEMA_DIALECT.refusing as readonly string[]).includes(column.title)) column.refusedBy = [SCHEMA_DIALECT_RULE];
  }
  return columns;
}

/** The target that owns each target rule (its `rules` and `outputRules`); base and feature rules have none. */
export const RULE_TARGET: ReadonlyMap<string, string> = new Map(TARGETS.flatMap((t) => [...t.rules, ...(t.outputRules ?? [])].map((r) => [r.meta.id, t.id] as const)));

/** Whether a finding of `rule` decides `column`: its target's rules, and the base and feature rules (the Claude-only ones for the Claude API). */
export function decides(rule: string, column: MatrixColumn): boolean {
  const owner = RULE_TARGET.get(rule);
  if (owner !== undefined) return owner === column.target;
  return !CLAUDE_FORMAT_RULES.has(rule) || column.target === "anthropic";
}

/** The tool's schemas as the outputs lower them: the bundled input schema, and the output schema where it has one. */
function schemasOf(tool: BundledTool): JsonObject[] {
  return tool.bundledOutputSchema === undefined ? [tool.bundledSchema] : [tool.bundledSchema, tool.bundledOutputSchema];
}

/**
 * The openai output's strict lowering (targets/openai/strict.ts), for a tool sent strict: every tool with
 * `openaiStrict`, else those whose file says `"strict": true`. A schema it cannot lower faithfully is sent
 * non-strict by the output, and refused by openai-strict-lowerable where that rule is on.
 */
function lowerOpenAiStrict(tool: BundledTool, all: boolean): LoweringVerdict {
  if (!all && !declaredStrict(tool)) return { kind: "none" };
  let changed = false;
  for (const schema of schemasOf(tool)) {
    const lowered = lowerStrict(schema);
    if (lowered.problems.some((p) => p.severity === "error")) return { kind: "none" };
    if (!isDeepStrictEqual(lowered.schema, schema)) changed = true;
  }
  return changed ? { kind: "lowered", rule: STRICT_RULE } : { kind: "none" };
}

/** The gemini output's `parameters` form (schema/openapi.ts): every schema is rewritten; one it cannot lower stops the build. */
function lowerGeminiParameters(tool: BundledTool): LoweringVerdict {
  for (const schema of schemasOf(tool)) if (!lowerToOpenApi(schema).ok) return { kind: "refused", rule: GEMINI_LOSSLESS_RULE };
  return { kind: "lowered", rule: GEMINI_LOSSLESS_RULE };
}
