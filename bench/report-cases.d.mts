import type { RunLintOptions } from "../src/lint/command.js";

export interface ReportCase {
  name: string;
  cwd: string;
  options: Pick<RunLintOptions, "schemas" | "paths" | "format">;
}
export function prepareCases(): Promise<{ tmp: string; cases: ReportCase[] }>;
export function digest(text: string, tmp: string): string;
