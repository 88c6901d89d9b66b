// Types of bench/corpus.mjs (the benchmark corpus of realistic tool files).
export interface CorpusTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}
export function makeTool(i: number): CorpusTool;
export function makeInput(schema: Record<string, unknown>, root?: Record<string, unknown>, seed?: number): unknown;
export function writeCorpus(dir: string, n: number, options?: { standaloneDir?: string }): Promise<void>;
