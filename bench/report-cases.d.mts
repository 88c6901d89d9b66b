import type { RunLintOptions } from "../src/commands/lint.js";

export interface ReportCase {
  name: string;
  cwd: string;
  options: Pick<RunLintOptions, "schemas" | "paths" | "format">;
}
export function prepareCases(): Promise<{ tmp: string; cases: ReportCase[] }>;
/** A report as its golden file holds it (the temporary folder as `<tmp>`, the checkout as `<root>/`). */
export function normalise(text: string, tmp: string): string;
/** The golden file's name for a case, in test/lint/golden/reports/. */
export function reportFile(c: ReportCase): string;
