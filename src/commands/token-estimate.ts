/**
 * The offline token estimate per model family. Without a model, or for a family never counted, it is
 * UTF-8 bytes / 3.5 (src/lint/stats.ts). Opus 4.7 and later tokenize the same text into about 30% more
 * tokens (issue 28), so their default is 3.5 / 1.3 ≈ 2.7 bytes per token. Once `stats --exact` has run
 * for a model, its family's measured bytes per token (cached with the counts) replaces the default.
 * A family is the model id without its date suffix: `claude-sonnet-4-5-20250929` -> `claude-sonnet-4-5`.
 */
import { BYTES_PER_TOKEN } from "../lint/stats.js";

export const LATER_TOKENIZER_FACTOR = 1.3;

export function modelFamily(model: string): string {
  return model.replace(/-\d{8}$/, "").replace(/-latest$/, "");
}

/** Bytes per token for `model`: the family's calibration when there is one, else the documented default. */
export function bytesPerToken(model: string | undefined, calibration: Readonly<Record<string, number>>): { value: number; source: string } {
  if (model === undefined) return { value: BYTES_PER_TOKEN, source: `UTF-8 bytes / ${BYTES_PER_TOKEN}` };
  const family = modelFamily(model);
  const measured = Object.hasOwn(calibration, family) ? calibration[family] : undefined;
  if (measured !== undefined && measured > 0) return { value: measured, source: `UTF-8 bytes / ${measured}, calibrated for ${family} by an earlier stats --exact` };
  const version = /^claude-(?:opus|sonnet|haiku)-(\d+)-(\d+)/.exec(family);
  if (version !== null && (Number(version[1]) > 4 || (Number(version[1]) === 4 && Number(version[2]) >= 7))) {
    const value = Math.round((BYTES_PER_TOKEN / LATER_TOKENIZER_FACTOR) * 100) / 100;
    return { value, source: `UTF-8 bytes / ${value} (Claude 4.7 and later count about ${Math.round((LATER_TOKENIZER_FACTOR - 1) * 100)}% more tokens)` };
  }
  return { value: BYTES_PER_TOKEN, source: `UTF-8 bytes / ${BYTES_PER_TOKEN}` };
}
