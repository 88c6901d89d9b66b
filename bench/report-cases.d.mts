import type { RunLintOptions } from "../src/commands/lint.js";

export interface ReportCase {
  name: string;
  cwd: string;
  options: Pick<RunLintOptions, "schemas" | "paths" | "format">;
}
export function prepareCases(): Promise<{ tmp: string; cases: ReportCase[] }>;
export function digest(text: string, tmp: string): string;
