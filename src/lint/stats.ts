/**
 * How much context each tool definition costs: its size in bytes as the request sends it (compact
 * JSON of its tools.json entry, UTF-8) and an estimate of its tokens.
 *
 * No offline tokenizer for current Claude models exists as a package: `@anthropic-ai/tokenizer`
 * (last released February 2024) says of itself that "as of the Claude 3 models, this algorithm is no
 * longer accurate". So tokens are estimated as bytes / 3.5, rounded up: a rule of thumb for English
 * text and JSON that can be off by a third either way (more for non-Latin text, whose characters take
 * several bytes). It is for comparing tools and budgets, not for billing; the exact count is the
 * `usage` of a response, or the API's token-counting endpoint. The API also adds a tool-use system
 * prompt of its own, per model, that is not counted here.
 */
import { toolDefinition, type DefinitionSource } from "../load/tool-definition.js";

/** Bytes per token of the estimate (see above). */
export const BYTES_PER_TOKEN = 3.5;

export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN);
}

export interface ToolSize {
  name: string;
  /** UTF-8 bytes of the definition as compact JSON. */
  bytes: number;
  /** bytes / 3.5, rounded up: an estimate, not a count. */
  estimatedTokens: number;
  /** `defer_loading: true`: not in the prompt until tool search returns it. */
  deferred: boolean;
}

export function toolSize(tool: DefinitionSource): ToolSize {
  const bytes = definitionBytes(tool);
  return { name: tool.name, bytes, estimatedTokens: estimateTokens(bytes), deferred: tool.fields?.defer_loading === true };
}

/** UTF-8 bytes of the compact JSON of `toolDefinition(tool)` (src/tool-definition.ts): what the request sends. */
export function definitionBytes(tool: DefinitionSource): number {
  return Buffer.byteLength(JSON.stringify(toolDefinition(tool)), "utf8");
}

export interface SizeTotals {
  tools: number;
  bytes: number;
  estimatedTokens: number;
  /** The same for the tools that are not deferred: what every request carries. */
  loaded: { tools: number; bytes: number; estimatedTokens: number };
}

export function sizeTotals(sizes: readonly ToolSize[]): SizeTotals {
  const sum = (list: readonly ToolSize[]) => {
    // The sum of the per-tool estimates, so a table's total is the sum of its rows.
    return { tools: list.length, bytes: list.reduce((n, s) => n + s.bytes, 0), estimatedTokens: list.reduce((n, s) => n + s.estimatedTokens, 0) };
  };
  return { ...sum(sizes), loaded: sum(sizes.filter((s) => !s.deferred)) };
}
