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
