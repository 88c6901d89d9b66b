/**
 * Runs per-tool jobs on both cores: a worker thread takes every other job while the main thread
 * does the rest. Small builds (and runs from TypeScript sources, where there is no compiled worker)
 * stay on the main thread: starting a worker costs more than a few tools.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { toolArtifacts, type ToolArtifacts, type ToolJob } from "./artifacts.js";

const MIN_JOBS_FOR_WORKER = 48;

export async function runToolJobs(jobs: readonly ToolJob[]): Promise<ToolArtifacts[]> {
  const workerFile = fileURLToPath(new URL("./worker.js", import.meta.url));
  if (jobs.length < MIN_JOBS_FOR_WORKER || availableParallelism() < 2 || !existsSync(workerFile)) {
    const out: ToolArtifacts[] = [];
    for (const job of jobs) out.push(await toolArtifacts(job));
    return out;
  }
  const mine = jobs.filter((_, i) => i % 2 === 0);
  const theirs = jobs.filter((_, i) => i % 2 === 1);
  const worker = new Worker(workerFile, { workerData: { jobs: theirs } });
  const fromWorker = new Promise<ToolArtifacts[]>((resolve, reject) => {
    worker.once("message", (m: { results?: ToolArtifacts[]; error?: string }) =>
      m.results ? resolve(m.results) : reject(new Error(`worker failed: ${m.error}`)),
    );
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`worker exited with code ${code} before answering`)));
  });
  fromWorker.catch(() => undefined); // observed below; never an unhandled rejection if we fail first
  try {
    const local: ToolArtifacts[] = [];
    for (const job of mine) local.push(await toolArtifacts(job));
    const remote = await fromWorker;
    return jobs.map((_, i) => (i % 2 === 0 ? local[i / 2] : remote[(i - 1) / 2])!);
  } finally {
    await worker.terminate();
  }
}
