/**
 * `toolgen stats --exact`: token counts from Anthropic's count_tokens endpoint, through the official
 * SDK (`@anthropic-ai/sdk`; the key from ANTHROPIC_API_KEY, the endpoint from ANTHROPIC_BASE_URL when
 * set), for the model named. It counts a one-word request without tools (`base`), with every tool
 * (`all`), and with each tool alone (`one_i`). Then, for n tools:
 *   all - base = S + sum(t_i)   and   one_i - base = S + t_i,
 * where S is the tool-use system prompt the API adds when a request has tools, so
 *   S = (sum(one_i - base) - (all - base)) / (n - 1)   and   t_i = one_i - base - S.
 * Each answer is cached by the SHA-256 of the model and the request body (count-tokens.json in the
 * build cache folder, sealed like the build cache's files), so a second run over unchanged tools asks nothing. The run also records the
 * model family's bytes per token (the tools' bytes over their tokens), which the offline estimate of
 * later runs naming a model of that family uses (./token-estimate.ts).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { readSealed, writeSealed } from "../build/cache-file.js";
import { UsageError } from "../errors.js";
import { toolDefinition, type DefinitionSource } from "../load/tool-definition.js";
import type { JsonObject } from "../model.js";
import { modelFamily } from "./token-estimate.js";

export interface ExactCounts {
  model: string;
  /** The tool-use system prompt the API adds to a request with tools (S above; 0 with one tool, where it cannot be told apart). */
  systemPromptTokens: number;
  /** Every tool and the system prompt: all - base. */
  totalTokens: number;
  tools: { name: string; tokens: number }[];
  /** count_tokens requests answered from the cache, and sent. */
  cached: number;
  requested: number;
  /** The tools' UTF-8 bytes per token for this model (what calibrates the family's estimate). */
  bytesPerToken: number;
}

interface CacheFile {
  counts: Record<string, number>;
  /** Model family -> bytes per token, from the last exact run. */
  calibration: Record<string, number>;
}

const PROMPT = [{ role: "user" as const, content: "Hi" }];

/** The cached counts and calibrations (a sealed cache file, as the build cache's: a forged one reads as empty). */
export async function readCountCache(dir: string | undefined): Promise<CacheFile> {
  const data = dir === undefined ? undefined : await readSealed(path.join(dir, "count-tokens.json"));
  if (typeof data !== "object" || data === null) return { counts: {}, calibration: {} };
  const { counts, calibration } = data as Partial<CacheFile>;
  return { counts: counts ?? {}, calibration: calibration ?? {} };
}

async function writeCountCache(dir: string | undefined, cache: CacheFile): Promise<void> {
  if (dir !== undefined) await writeSealed(path.join(dir, "count-tokens.json"), JSON.stringify(cache));
}

/** A definition as count_tokens takes it: the tools.json entry, never deferred (a deferred tool is not counted). */
function countable(tool: DefinitionSource): JsonObject {
  const { defer_loading: _deferred, ...entry } = toolDefinition(tool);
  return entry;
}

/** How long one count_tokens request may take before it is given up (and tried once more): 30 s. */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * `timeoutSeconds`: the time limit of each request (`--timeout`); a request that is not answered in time,
 * or fails on the connection or with a 429 or 5xx, is tried once more, then the run fails with exit 1.
 */
export async function exactCounts(tools: readonly DefinitionSource[], model: string, cacheDir: string | undefined, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): Promise<ExactCounts> {
  if (!process.env["ANTHROPIC_API_KEY"]) throw new UsageError("stats --exact asks Anthropic's count_tokens endpoint: set ANTHROPIC_API_KEY (ANTHROPIC_BASE_URL for another endpoint)");
  if (tools.length === 0) throw new UsageError("stats --exact: no tools to count");
  // The SDK is the project's own (an optional peer of toolgen): loaded only for --exact.
  const sdk = await import("@anthropic-ai/sdk").catch(() => undefined);
  if (sdk === undefined) throw new UsageError("stats --exact uses the official SDK: install @anthropic-ai/sdk in the project (npm install -D @anthropic-ai/sdk)");
  const Anthropic = sdk.default;
  // The SDK's own defaults (10 minutes, two retries) kept an endpoint that never answers waiting half an hour.
  const client = new Anthropic({ maxRetries: 1, timeout: timeoutSeconds * 1000 });
  const cache = await readCountCache(cacheDir);
  let cached = 0;
  let requested = 0;
  const count = async (defs: readonly JsonObject[]): Promise<number> => {
    const body = { model, messages: PROMPT, ...(defs.length > 0 ? { tools: defs } : {}) };
    const key = createHash("sha256").update(JSON.stringify(body)).digest("hex");
    const hit = cache.counts[key];
    if (hit !== undefined) {
      cached++;
      return hit;
    }
    requested++;
    let answer: { input_tokens: number };
    try {
      answer = await client.messages.countTokens(body as unknown as Parameters<typeof client.messages.countTokens>[0]);
    } catch (error) {
      if (error instanceof sdk.APIConnectionTimeoutError) {
        throw new CountError(`count_tokens failed: no answer within ${timeoutSeconds} s, twice (the request and one retry); --timeout sets the limit in seconds`);
      }
      // A connection error has no HTTP status: none is shown then.
      const code = typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : undefined;
      const status = typeof code === "number" ? ` (HTTP ${code})` : "";
      const text = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 300) : String(error).slice(0, 300);
      const cause = error instanceof Error && error.cause instanceof Error && status === "" ? ` (${error.cause.message.split("\n")[0]!.slice(0, 200)})` : "";
      throw new CountError(`count_tokens failed${status}: ${text}${cause}`);
    }
    if (typeof answer.input_tokens !== "number") throw new CountError("count_tokens answered without input_tokens");
    cache.counts[key] = answer.input_tokens;
    return answer.input_tokens;
  };
  const defs = tools.map(countable);
  try {
    const base = await count([]);
    const all = await count(defs);
    const one: number[] = [];
    // A few requests at a time: the endpoint is rate-limited, and a big folder is many requests.
    for (let i = 0; i < defs.length; i += 4) one.push(...(await Promise.all(defs.slice(i, i + 4).map((d) => count([d])))));
    const each = one.map((c) => c - base);
    const system = defs.length > 1 ? Math.max(0, Math.round((each.reduce((a, b) => a + b, 0) - (all - base)) / (defs.length - 1))) : 0;
    const counted = tools.map((t, i) => ({ name: t.name, tokens: each[i]! - system }));
    const bytes = defs.reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d), "utf8"), 0);
    const toolTokens = counted.reduce((sum, t) => sum + t.tokens, 0);
    const bytesPerToken = toolTokens > 0 ? Math.round((bytes / toolTokens) * 1000) / 1000 : 0;
    if (bytesPerToken > 0) cache.calibration[modelFamily(model)] = bytesPerToken;
    return { model, systemPromptTokens: system, totalTokens: all - base, tools: counted, cached, requested, bytesPerToken };
  } finally {
    // What was counted before a failure stays counted.
    await writeCountCache(cacheDir, cache);
  }
}

/** A count_tokens request that failed: the run reports it and exits 1 (never a stack). */
export class CountError extends Error {}
