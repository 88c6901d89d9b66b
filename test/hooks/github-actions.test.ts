/**
 * The GitHub Actions job of docs/hooks-and-ci.md, checked by running its steps' commands (issue 12.3): the
 * workflow YAML is parsed from docs/hooks-and-ci.md and every `run:` step is executed with bash -e in a
 * scratch checkout, as the runner would, with GITHUB_WORKSPACE set. `npm ci` is the one step not
 * run: no toolgen package is published, so the checkout's node_modules links this checkout's build
 * instead. `uses:` steps are GitHub's own actions: the test checks what they are given (the SARIF
 * file the upload step names is there and valid).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../helpers.js";
import { BIN, TOOL, readmeBlocks, scratchRepo } from "./scratch.js";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  "continue-on-error"?: boolean;
  "working-directory"?: string;
}
interface Workflow {
  on: unknown;
  jobs: Record<string, { "runs-on": string; permissions?: Record<string, string>; steps: Step[] }>;
}

const readme = readFileSync(path.join(repoRoot, "docs", "hooks-and-ci.md"), "utf8");
const workflowBlock = readmeBlocks(readme, "## GitHub Actions").find((b) => b.lang === "yaml");
const workflow = parse(workflowBlock?.body ?? "") as Workflow;
const steps = Object.values(workflow.jobs ?? {})[0]?.steps ?? [];

interface StepRun {
  step: Step;
  status: number | null;
  output: string;
}

/** Runs the job's steps as the runner would: stop at the first failing step unless it may fail; `if: always()` steps run anyway. */
function runJob(dir: string): { runs: StepRun[]; failed: boolean } {
  const runs: StepRun[] = [];
  let failed = false;
  for (const step of steps) {
    if (failed && step.if !== "always()") continue;
    if (step.uses !== undefined) {
      runs.push({ step, status: 0, output: "" });
      continue;
    }
    if (step.run === "npm ci") continue; // see the header
    const cwd = step["working-directory"] ? path.join(dir, step["working-directory"]) : dir;
    const r = spawnSync("bash", ["-e", "-c", step.run ?? ""], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, GITHUB_WORKSPACE: dir, GITHUB_ACTIONS: "true", CI: "true", NO_COLOR: "1" },
      timeout: 120_000,
    });
    runs.push({ step, status: r.status, output: r.stdout + r.stderr });
    if (r.status !== 0 && step["continue-on-error"] !== true) failed = true;
  }
  return { runs, failed };
}

async function checkout() {
  const repo = await scratchRepo();
  // What `npm ci` would leave: toolgen in node_modules, its bin linked.
  await symlink(repoRoot, path.join(repo.dir, "node_modules", "toolgen"));
  const build = repo.run(process.execPath, [BIN, "build"]);
  expect(build.status, build.stderr).toBe(0);
  return repo;
}

describe("the GitHub Actions job of docs/hooks-and-ci.md", () => {
  it("is a workflow with checkout, node, npm ci, the SARIF lint, the upload and build --check", () => {
    expect(steps.map((s) => s.uses ?? s.run)).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      "npm ci",
      expect.stringMatching(/toolgen lint --format sarif > toolgen\.sarif$/),
      "github/codeql-action/upload-sarif@v3",
      expect.stringMatching(/toolgen build --check$/),
    ]);
    const upload = steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif"));
    expect(upload?.with?.sarif_file).toBe("toolgen.sarif");
    expect(Object.values(workflow.jobs)[0]?.permissions?.["security-events"]).toBe("write");
  });

  it("passes on a clean, built checkout, and uploads an empty report", async () => {
    const repo = await checkout();
    const { runs, failed } = runJob(repo.dir);
    expect(failed, runs.map((r) => `${r.step.name ?? r.step.run}: ${r.status}\n${r.output}`).join("\n")).toBe(false);
    const sarif = JSON.parse(await readFile(path.join(repo.dir, "toolgen.sarif"), "utf8")) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results).toEqual([]);
  });

  it("fails on a schema error, after uploading a report that names the file from the repository root", async () => {
    const repo = await checkout();
    await repo.write("schemas/get_weather.json", { ...TOOL, input_schema: { ...TOOL.input_schema, required: ["place", "when"] } });
    const { runs, failed } = runJob(repo.dir);
    expect(failed).toBe(true);
    const lintStep = runs.find((r) => r.step.run?.includes("--format sarif"));
    expect(lintStep?.status).toBe(1);
    expect(runs.some((r) => r.step.uses?.startsWith("github/codeql-action/upload-sarif"))).toBe(true);
    const checkStep = runs.find((r) => r.step.run?.includes("build --check"));
    expect(checkStep?.status).toBe(1);
    const sarif = JSON.parse(await readFile(path.join(repo.dir, "toolgen.sarif"), "utf8")) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[] }[];
    };
    expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: "schemas/get_weather.json", uriBaseId: "%SRCROOT%" });
  });

  it("fails when the generated code is stale", async () => {
    const repo = await checkout();
    await repo.write("schemas/get_weather.json", { ...TOOL, description: `${TOOL.description} It is updated hourly.` });
    const { runs, failed } = runJob(repo.dir);
    expect(failed).toBe(true);
    expect(runs.find((r) => r.step.run?.includes("build --check"))?.output).toContain("stale");
  });

  it("from a monorepo package's folder (working-directory), still names files from the repository root", async () => {
    const repo = await scratchRepo();
    const pkg = path.join(repo.dir, "packages", "agent");
    await mkdir(pkg, { recursive: true });
    await repo.write("packages/agent/schemas/bad.json", { ...TOOL, name: "bad", input_schema: { ...TOOL.input_schema, properties: {}, required: ["x"] } });
    await mkdir(path.join(pkg, "node_modules", ".bin"), { recursive: true });
    await symlink(BIN, path.join(pkg, "node_modules", ".bin", "toolgen"));
    const lint = steps.find((s) => s.run?.includes("--format sarif"))!;
    const r = spawnSync("bash", ["-e", "-c", lint.run!], { cwd: pkg, encoding: "utf8", env: { ...process.env, GITHUB_WORKSPACE: repo.dir } });
    expect(r.status).toBe(1);
    const sarif = readFileSync(path.join(pkg, "toolgen.sarif"), "utf8");
    expect(sarif).toContain('"uri": "packages/agent/schemas/bad.json"');
  });
});
