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
import { jsonByteLength, stringBytes } from "./json-size.js";
import { PASS_THROUGH_FIELDS } from "../load/tool-fields.js";
import type { JsonObject, ToolFields } from "../model.js";
import type { DefinitionSource } from "../load/tool-definition.js";

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
  const bytes = definitionBytes(tool.name, tool.description, tool.bundledSchema, tool.fields);
  return { name: tool.name, bytes, estimatedTokens: estimateTokens(bytes), deferred: tool.fields?.defer_loading === true };
}

/** `"name":`, `"description":`, `"input_schema":` and the pass-through keys, quoted, with their colon. */
const NAME_KEY = stringBytes("name") + 1;
const DESCRIPTION_KEY = stringBytes("description") + 1;
const INPUT_SCHEMA_KEY = stringBytes("input_schema") + 1;
const FIELD_KEYS = PASS_THROUGH_FIELDS.map((key) => stringBytes(key) + 1);

/**
 * UTF-8 bytes of the compact JSON of `toolDefinition(tool)` (src/load/tool-definition.ts), counted
 * without building the entry or its text: `{`, the members with a comma between them, `}`.
 * Positional, so a caller holding the parts makes no object per tool. The values are measured by a
 * walk that builds no text (json-size.ts): about the CPU time of JSON.stringify, but JSON.stringify
 * leaves two copies of each definition's text behind (its pieces, and the flat string
 * Buffer.byteLength reads), 2 MB at 1,000 tools, made while the loaded folder is still in V8's young
 * generation, where each extra collection copies all of it again (measured: 2% to 6% of `toolgen lint`).
 */
export function definitionBytes(name: string, description: string | undefined, bundledSchema: JsonObject, fields: ToolFields | undefined): number {
  let bytes = 2 + NAME_KEY + stringBytes(name);
  if (description !== undefined) bytes += 1 + DESCRIPTION_KEY + stringBytes(description);
  bytes += 1 + INPUT_SCHEMA_KEY + jsonByteLength(bundledSchema);
  if (fields !== undefined) {
    for (let i = 0; i < PASS_THROUGH_FIELDS.length; i++) {
      const value: unknown = fields[PASS_THROUGH_FIELDS[i]!];
      if (value === undefined) continue;
      // A value JSON.stringify skips (undefined, a symbol, a function; none a ToolFields holds) drops its key too.
      const valueBytes = jsonByteLength(value);
      if (valueBytes !== undefined) bytes += 1 + FIELD_KEYS[i]! + valueBytes;
    }
  }
  return bytes;
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
