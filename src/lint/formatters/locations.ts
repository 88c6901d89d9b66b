/**
 * Where code scanning and GitHub annotations expect a finding's file: relative to the repository
 * root, not to the working directory (a job with `working-directory: packages/agent` would otherwise
 * put every alert on the wrong path). The root is `GITHUB_WORKSPACE` when set (the checkout in
 * Actions), else the nearest folder up from the working directory holding `.git` (a folder, or a
 * file in a worktree or submodule), else the working directory itself.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export function repositoryRoot(cwd: string, env: Readonly<Record<string, string | undefined>>): string {
  if (env.GITHUB_WORKSPACE) return path.resolve(cwd, env.GITHUB_WORKSPACE);
  const start = path.resolve(cwd);
  for (let dir = start; ; ) {
    if (existsSync(path.join(dir, ".git"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
}

export interface RootedPath {
  /** `/`-separated path from the root; undefined when the file is not under the root. */
  relative?: string;
  absolute: string;
}

/** A finding's file (relative to `cwd`, or absolute) against the repository root. */
export function fromRoot(file: string, cwd: string, root: string): RootedPath {
  const absolute = path.resolve(cwd, file);
  const rel = path.relative(root, absolute);
  if (rel === "" || rel.split(path.sep)[0] === ".." || path.isAbsolute(rel)) return { absolute };
  return { relative: rel.split(path.sep).join("/"), absolute };
}

/** A relative URI reference for a `/`-separated path: each segment percent-encoded. */
export function relativeUri(relative: string): string {
  return relative.split("/").map(encodeURIComponent).join("/");
}

/** The root as a SARIF `originalUriBaseIds` entry: an absolute file URL ending in `/`. */
export function rootUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith("/") ? href : `${href}/`;
}
