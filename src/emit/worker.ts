/** Worker thread: runs a share of the per-tool jobs and posts the artifacts back. */
import { parentPort, workerData } from "node:worker_threads";
import { toolArtifacts, type ToolArtifacts, type ToolJob } from "./artifacts.js";

const jobs = (workerData as { jobs: ToolJob[] }).jobs;
const results: ToolArtifacts[] = [];
try {
  for (const job of jobs) results.push(await toolArtifacts(job));
  parentPort?.postMessage({ results });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
