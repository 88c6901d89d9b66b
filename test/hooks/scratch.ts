/**
 * Scratch projects for the hook tests: a git repository with a schemas folder in which one tool
 * references a `$defs` entry of a shared fragment, and toolgen installed as a dev dependency would
 * put it (node_modules/.bin/toolgen, here a link to this checkout's built bin).
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot, tempDir } from "../helpers.js";

export const BIN = path.join(repoRoot, "dist", "bin", "toolgen.cjs");

export const FRAGMENT = { $defs: { place: { type: "string", description: "A city and country, such as 'Paris, France'." } } };
export const TOOL = {
  name: "get_weather",
  description:
    "Returns the current weather for one place. Use it when the user asks about the weather now, not for forecasts. It does not return air quality.",
  input_schema: {
    type: "object",
    properties: { place: { $ref: "./common/defs.json#/$defs/place", description: "Where to report the weather for." } },
    required: ["place"],
  },
};

export interface Scratch {
  dir: string;
  run(command: string, args: readonly string[], env?: Record<string, string>, timeoutMs?: number): SpawnSyncReturns<string>;
  write(rel: string, data: unknown): Promise<void>;
}

/** A git repository with schemas/get_weather.json and schemas/common/defs.json committed (no hook yet). */
export async function scratchRepo(): Promise<Scratch> {
  const dir = await tempDir("toolgen-hooks-");
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
    GIT_CONFIG_NOSYSTEM: "1",
    HOME: dir,
    NO_COLOR: "1",
  };
  const run = (command: string, args: readonly string[], extra: Record<string, string> = {}, timeoutMs = 120_000) =>
    spawnSync(command, args, { cwd: dir, encoding: "utf8", env: { ...env, ...extra }, timeout: timeoutMs });
  const write = async (rel: string, data: unknown) => {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), typeof data === "string" ? data : JSON.stringify(data, null, 2) + "\n");
  };
  const git = (...args: string[]) => {
    const r = run("git", args);
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  };
  git("init", "-q", "-b", "main");
  await write("schemas/common/defs.json", FRAGMENT);
  await write("schemas/get_weather.json", TOOL);
  await write(".gitignore", "node_modules/\n");
  await mkdir(path.join(dir, "node_modules", ".bin"), { recursive: true });
  await symlink(BIN, path.join(dir, "node_modules", ".bin", "toolgen"));
  git("add", "-A");
  git("commit", "-q", "-m", "tools");
  return { dir, run, write };
}

/** The fenced code blocks of one section of a docs page (from its heading to the next heading of any level). */
export function readmeBlocks(readme: string, heading: string): { lang: string; body: string }[] {
  const start = readme.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`the page has no '${heading}'`);
  const rest = readme.slice(start + heading.length + 1);
  const end = rest.search(/^#{1,6} /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));
}
