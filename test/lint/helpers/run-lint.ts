/** Runs `runLint` in-process against a fixture folder, capturing what it prints. */
import { runLint, type RunLintOptions } from "../../../src/commands/lint.js";

export const fixture = (name: string) => new URL(`../../fixtures/lint/${name}/`, import.meta.url).pathname;

export interface LintRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runLintIn(name: string, options: RunLintOptions = {}): Promise<LintRun> {
  let stdout = "";
  let stderr = "";
  const code = await runLint({
    cwd: fixture(name),
    env: {},
    ...options,
    stdout: { write: (text: string) => (stdout += text), isTTY: options.stdout?.isTTY ?? false },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}
