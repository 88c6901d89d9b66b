/**
 * Lint's reports stay byte for byte what they were before the performance work of issue 9 (the
 * `perf-lint` branch): every fixture folder and a 300-tool bench corpus in the four formats, a
 * folder of patterns, and the positional-folder and file-list forms (bench/report-cases.mjs lists
 * them). Each report is a readable file in golden/reports/ (a failure shows the diff), and each exit
 * code is in golden/exit-codes.json. They were first written by the CLI built from the revision
 * before that work (409ca93, as SHA-256 digests, which these files match); update them (`vitest -u`)
 * only for a change that means to alter a report.
 */
import { readFileSync, rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { normalise, prepareCases, reportFile } from "../../bench/report-cases.mjs";
import { runLint } from "../../src/commands/lint.js";

const exits = JSON.parse(readFileSync(new URL("golden/exit-codes.json", import.meta.url), "utf8")) as Record<string, number>;
const { tmp, cases } = await prepareCases();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it("every case has a reference exit code", () => {
  expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(exits).sort());
});

it.each(cases.map((c) => [c.name, c] as const))("%s: the same report and exit code", async (_name, c) => {
  let out = "";
  // As the CLI runs: from the case's folder (some display paths are relative to the process's).
  const before = process.cwd();
  process.chdir(c.cwd);
  const exit = await runLint({
    ...c.options,
    cwd: c.cwd,
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: () => true },
    env: { NO_COLOR: "1" },
  }).finally(() => process.chdir(before));
  expect(exit).toBe(exits[c.name]);
  await expect(normalise(out, tmp)).toMatchFileSnapshot(`golden/reports/${reportFile(c)}`);
});
