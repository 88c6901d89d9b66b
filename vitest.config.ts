/**
 * vitest's settings. `npm test` runs every test file but the scale and cost measures in HEAVY_ONLY;
 * `npm run test:heavy` (package.json; .ci/run runs both) runs those, and the property tests at their
 * larger budgets, with TOOLGEN_HEAVY=1 (test/suite-split.test.ts holds the two lists in step).
 */
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * What the quick suite leaves to test:heavy (which .ci/run runs too, on Node 22). Minutes each on 2
 * cores: a 5,000-tool build, the benchmark harness, the type-checker's cost per tool, 40,000 MCP
 * calls, 2,000 tools in 5 toolsets. Users' projects made the slow way, 10-30 s each: the packed
 * tarball installed and built, the docs' samples compiled, init's projects compiled, the MCP output
 * and the generated code compiled in every tsconfig setup, the claude-agent-sdk output's project. And
 * the files that cost more than about 3 s each on 2 cores (measured in one quick run, 2026-11-29:
 * the bin run many times over, servers started, git histories, user projects, property runs), so
 * that npm test stays under 3 minutes from a clean clone. The quick suite keeps one of each kind of
 * run (the project's type-check, the bin's build and --check in test/cli.test.ts, the MCP server
 * over stdio and HTTP in test/mcp/server.test.ts, the frameworks' agent loops in test/targets/) and
 * the other files.
 */
export const HEAVY_ONLY = [
  "test/e2e/scale.test.ts",
  "test/mcp/client.test.ts",
  "test/mcp/client-everything.test.ts",
  "test/mcp/client-server.test.ts",
  "test/bench.test.ts",
  "test/emit/typecheck-cost.test.ts",
  "test/emit/runtime-typecheck.test.ts",
  "test/mcp/load.test.ts",
  "test/toolsets/scale.test.ts",
  "test/package.test.ts",
  "test/docs/samples.test.ts",
  "test/cli/init-compile.test.ts",
  "test/mcp/compile-matrix.test.ts",
  "test/e2e/matrix.test.ts",
  "test/targets/claude-agent-sdk/compile.test.ts",
  "test/lint/server-cli.test.ts",
  "test/e2e/build-ways.test.ts",
  "test/mcp/import-hardening.test.ts",
  "test/toolsets/toolsets.test.ts",
  "test/cli/conventions.test.ts",
  "test/diff/command.test.ts",
  "test/cache/forged.test.ts",
  "test/runtime/validate.test.ts",
  "test/diff/eval.test.ts",
  "test/cli/launch.test.ts",
  "test/e2e/generated.test.ts",
  "test/hooks/pre-commit.test.ts",
  "test/usercode/kill.test.ts",
  "test/stats/exact.test.ts",
  "test/cache/fifo.test.ts",
  "test/search/eval.test.ts",
  "test/cache/forged-property.test.ts",
  "test/toolsets/cap-rule.test.ts",
  "test/mcp/protocol-versions.test.ts",
  "test/config/special-files.test.ts",
  "test/hooks/husky.test.ts",
  "test/diff/cost-property.test.ts",
  "test/runtime/repair-property.test.ts",
  "test/outputs/standard-schema.test.ts",
  "test/diff/lock.test.ts",
  "test/load/hostile-load.test.ts",
  "test/mcp/cancel.test.ts",
  "test/stats/stats-cli.test.ts",
  "test/hooks/watch.test.ts",
  "test/architecture/plug-in.test.ts",
  "test/mcp/import.test.ts",
  "test/mcp/stdio-size.test.ts",
  "test/hooks/github-actions.test.ts",
  "test/mcp/http-body.test.ts",
  "test/diff/ref-chains.test.ts",
  "test/load/dynamic-ref-cycle.test.ts",
  "test/usercode/fifo-output.test.ts",
  "test/lint/cli.test.ts",
  "test/cli/build-warnings.test.ts",
  "test/cli/papercuts.test.ts",
  "test/lint/startup-loads.test.ts",
  "test/load/ref-confinement.test.ts",
  "test/runtime/repair-paths.test.ts",
  "test/lint/rules/value-preserved.test.ts",
  "test/runtime/pattern-classes.test.ts",
  "test/outputs/gemini.test.ts",
  "test/emit/type-layout.test.ts",
  "test/emit/stubs.test.ts",
  "test/toolsets/defer.test.ts",
  "test/targets/output-targets.test.ts",
  "test/schema/ref-cycles-cli.test.ts",
  "test/lint/server.test.ts",
  "test/targets/langchain/output.test.ts",
  "test/targets/ai-sdk-search.test.ts",
  "test/mcp/discovery-compile.test.ts",
];

/**
 * vitest's order (files that failed last time, then the longest last time; with no record of a last
 * run, as in CI's clean clone, the largest files), with the project's type-check first: it is the
 * longest file of a run without a last run (12 s: its incremental build info is not there either),
 * and, ordered by size, the smallest, so it ran last, on one core while the other sat idle (a clean
 * clone's npm test: 177 s).
 */
class TypecheckFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isTypecheck = (file: TestSpecification) => /[\\/]test[\\/]typecheck\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(isTypecheck), ...sorted.filter((file) => !isTypecheck(file))];
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env["TOOLGEN_HEAVY"] === "1" ? [] : HEAVY_ONLY)],
    globalSetup: ["test/global-setup.ts"],
    // One test file per core. vitest's default is one fewer (a single worker on 2 cores), but most files
    // spend their time waiting for child processes (the CLI, tsc, npm, servers), which leaves a core idle.
    maxWorkers: availableParallelism(),
    // The files of a worker share one module graph: each file no longer loads again the modules the
    // last one loaded (toolgen's own, typescript, ts-morph, the SDKs). 320 s -> 207 s of wall time for
    // npm test on 2 cores. What a file leaves behind is removed by test/setup-file.ts, run before each.
    isolate: false,
    setupFiles: ["test/setup-file.ts"],
    sequence: { sequencer: TypecheckFirst },
    // No wall-clock limit a loaded machine can reach (issue 39): a test measures CPU time or steps when it
    // must be fast, and these only stop a test that hangs (two suites side by side at load 16 took 4x).
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
