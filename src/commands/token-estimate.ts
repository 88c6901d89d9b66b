/**
 * The offline token estimate per model family: one table, `BYTES_PER_TOKEN_BY_FAMILY`, with a row for
 * every model id of the installed @anthropic-ai/sdk's `Model` union (1.14), without its date suffix
 * (`claude-haiku-4-5-20251001` -> `claude-haiku-4-5`); test/stats/token-estimate.test.ts fails when the SDK
 * names a family the table lacks. Two tokenizers, two ratios: UTF-8 bytes / 3.5 up to Claude 4.6
 * (src/lint/stats.ts), and 3.5 / 1.3 ≈ 2.69 from Claude 4.7 on, which tokenize the same text into about
 * 30% more tokens (issue 28). Once `stats --exact` has run for a model, its family's measured bytes per
 * token (cached with the counts) replaces the table's. A family the table lacks (a model newer than the
 * SDK toolgen was tested with) is read by its version, and the estimate says so.
 */
import { BYTES_PER_TOKEN } from "../lint/stats.js";

export const LATER_TOKENIZER_FACTOR = 1.3;

/** Bytes per token of the tokenizer of Claude 4.7 and later. */
const LATER = Math.round((BYTES_PER_TOKEN / LATER_TOKENIZER_FACTOR) * 100) / 100;

/**
 * Bytes per token by model family, for every family of @anthropic-ai/sdk 1.14's `Model` union. Source of
 * the split: issue 28 (Opus 4.7's count_tokens answers about 30% more tokens for the same request than
 * Opus 4.6's). Every model of generation 5 is on the later tokenizer; `claude-mythos-preview` is placed
 * with it by its place in the SDK's union (between `claude-opus-4-7` and `claude-opus-4-6`), not measured.
 * Checked on 2026-11-29.
 */
export const BYTES_PER_TOKEN_BY_FAMILY: Readonly<Record<string, number>> = {
  "claude-fable-5-2": LATER,
  "claude-mythos-5-2": LATER,
  "claude-haiku-5-5": LATER,
  "claude-sonnet-5-5": LATER,
  "claude-fable-5-1": LATER,
  "claude-opus-5-5": LATER,
  "claude-mythos-5-1": LATER,
  "claude-sonnet-5": LATER,
  "claude-fable-5": LATER,
  "claude-mythos-5": LATER,
  "claude-opus-5": LATER,
  "claude-opus-4-8": LATER,
  "claude-opus-4-7": LATER,
  "claude-mythos-preview": LATER,
  "claude-opus-4-6": BYTES_PER_TOKEN,
  "claude-sonnet-4-6": BYTES_PER_TOKEN,
  "claude-haiku-4-5": BYTES_PER_TOKEN,
  "claude-opus-4-5": BYTES_PER_TOKEN,
  "claude-sonnet-4-5": BYTES_PER_TOKEN,
};

export function modelFamily(model: string): string {
  return model.replace(/-\d{8}$/, "").replace(/-latest$/, "");
}

/** A family's version (`claude-opus-5` -> [5, 0], `claude-sonnet-4-6` -> [4, 6]), for a family the table lacks. */
function familyVersion(family: string): [number, number] | undefined {
  const match = /^claude-[a-z]+-(\d+)(?:-(\d+))?$/.exec(family);
  return match === null ? undefined : [Number(match[1]), Number(match[2] ?? 0)];
}

/** Bytes per token for `model`: the family's calibration when there is one, else the table's, and the sentence that says which. */
export function bytesPerToken(model: string | undefined, calibration: Readonly<Record<string, number>>): { value: number; source: string } {
  if (model === undefined) return { value: BYTES_PER_TOKEN, source: `UTF-8 bytes / ${BYTES_PER_TOKEN}` };
  const family = modelFamily(model);
  const measured = Object.hasOwn(calibration, family) ? calibration[family] : undefined;
  if (measured !== undefined && measured > 0) return { value: measured, source: `UTF-8 bytes / ${measured}, calibrated for ${family} by an earlier stats --exact` };
  const later = `Claude 4.7 and later count about ${Math.round((LATER_TOKENIZER_FACTOR - 1) * 100)}% more tokens`;
  if (Object.hasOwn(BYTES_PER_TOKEN_BY_FAMILY, family)) {
    const value = BYTES_PER_TOKEN_BY_FAMILY[family]!;
    return { value, source: `UTF-8 bytes / ${value} (${family}${value === LATER ? `: ${later}` : ""})` };
  }
  const version = familyVersion(family);
  if (version !== undefined && (version[0] > 4 || (version[0] === 4 && version[1] >= 7))) {
    return { value: LATER, source: `UTF-8 bytes / ${LATER} (${family} is not in toolgen's table; read as Claude ${version.join(".")}: ${later})` };
  }
  return { value: BYTES_PER_TOKEN, source: `UTF-8 bytes / ${BYTES_PER_TOKEN} (${family} is not in toolgen's table)` };
}
