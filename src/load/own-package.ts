/** toolgen's own package: where it is installed (its templates and run-time sources are read from there) and its version. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let found: { root: string; version: string } | undefined;

/** toolgen's own package: its root folder and its manifest's version, from source or from `dist/`. */
function ownPackage(): { root: string; version: string } {
  if (found) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const data = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (data.name === "toolgen") {
        found = { root: dir, version: data.version ?? "0.0.0" };
        return found;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("toolgen: cannot find the package root");
    dir = parent;
  }
}

/** The toolgen package's root folder (where `templates/` and `src/runtime/` live). */
export function packageRoot(): string {
  return ownPackage().root;
}

/** toolgen's version, as its package.json says. */
export function packageVersion(): string {
  return ownPackage().version;
}

/**
 * A page of toolgen's docs in its repository (package.json's `repository`, a GitHub-style URL), e.g.
 * `docs/diff.md#the-rules`, for links in reports a user's repository shows; undefined without one.
 */
export function packageDocsUrl(page: string): string | undefined {
  const data = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { repository?: unknown };
  const repository = data.repository;
  const raw = typeof repository === "string" ? repository : typeof repository === "object" && repository !== null ? (repository as { url?: unknown }).url : undefined;
  if (typeof raw !== "string") return undefined;
  const base = raw.replace(/^git\+/, "").replace(/^github:/, "https://github.com/").replace(/\.git$/, "").replace(/\/+$/, "");
  if (!/^https:\/\/[^\s]+$/.test(base)) return undefined;
  return `${base}/blob/HEAD/${page}`;
}
