/** Where the files a build writes go: the output and handlers folders, and the path of each file in them. */
import { realpathSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../errors.js";
import type { GeneratedFile } from "../model.js";

export interface Roots {
  out: string;
  handlers: string;
}

export function absolutePath(roots: Roots, file: Pick<GeneratedFile, "root" | "path">): string {
  return path.join(file.root === "out" ? roots.out : roots.handlers, ...file.path.split("/"));
}

export function displayPath(roots: Roots, file: Pick<GeneratedFile, "root" | "path">): string {
  return show(absolutePath(roots, file));
}

export function show(abs: string): string {
  return path.relative(process.cwd(), abs).split(path.sep).join("/") || ".";
}

/** True when `inner` is `outer` or lies inside it. */
export function within(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** The path with its existing part resolved through symbolic links. */
function realish(p: string): string {
  const rest: string[] = [];
  let at = path.resolve(p);
  for (;;) {
    try {
      return path.join(realpathSync(at), ...rest);
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return path.resolve(p);
      rest.unshift(path.basename(at));
      at = parent;
    }
  }
}

/** The output and handlers folders must not overlap: neither may be, or lie inside, the other. */
export function checkRoots(roots: Roots): void {
  const pairs: [string, string][] = [
    [path.resolve(roots.out), path.resolve(roots.handlers)],
    [realish(roots.out), realish(roots.handlers)],
  ];
  for (const [out, handlers] of pairs) {
    if (out === handlers) throw new UsageError("--out and --handlers must be different folders");
    if (within(out, handlers)) {
      throw new UsageError(`--handlers (${show(roots.handlers)}) lies inside --out (${show(roots.out)}): builds would overwrite handlers with generated files; use two separate folders`);
    }
    if (within(handlers, out)) {
      throw new UsageError(`--out (${show(roots.out)}) lies inside --handlers (${show(roots.handlers)}): use two separate folders`);
    }
  }
}
