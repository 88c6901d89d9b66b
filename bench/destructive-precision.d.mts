// Types of bench/destructive-precision.mjs (the precision of mcp/destructive-hint's heuristic, issue 40).
export interface BenchTool {
  name: string;
  description: string;
}
export type DestructiveWord = (name: string | undefined, description: string | undefined) => { where: string; word: string } | undefined;
export interface Measured {
  tools: number;
  flagged: number;
  truePositives: number;
  falsePositives: string[];
  destructive: number;
  missed: number;
}
export function measure(destructiveWord: DestructiveWord, tools: readonly BenchTool[], kind: "corpus" | "catalog" | "public", options?: { names?: boolean }): Measured;
export function corpora(corpusN?: number, catalogN?: number): { corpus: BenchTool[]; catalog: BenchTool[]; public: BenchTool[] };
export const PUBLIC_DESTRUCTIVE: ReadonlySet<string>;
export function publicTools(): BenchTool[];
