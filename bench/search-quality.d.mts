// Types of bench/search-quality.mjs (issue 41's measure of the search on public MCP servers' tools).
import type { JsonObject } from "../src/model.js";
export interface PublicTool {
  name: string;
  description: string;
  bundledSchema: JsonObject;
}
export interface QualityCase {
  request: string;
  expected: string[];
}
export interface Quality {
  "recall@1": number;
  "recall@3": number;
  "recall@5": number;
  mrr: number;
  ranks: (number | null)[];
}
export function publicTools(): PublicTool[];
export function readCases(file: string): QualityCase[];
export function bm25(tools: readonly PublicTool[], k1?: number, b?: number): (query: string) => string[];
export function measure(rank: (query: string) => string[], cases: readonly QualityCase[]): Quality;
export const CASE_FILES: { dev: string; heldout: string };
