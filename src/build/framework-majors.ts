/**
 * Issue 37 item 8: a framework output is written for one major of its framework (the `ai-sdk`
 * output for `ai` 7, say). On an older Node, or from an old lock file, a project may have another
 * installed (`npm install ai` on Node 20 gives `ai` 6, whose types the generated file does not
 * compile against: TS2322, TS2339). For each selected output that names its framework, this reads
 * the installed package.json the generated code would import (Node's lookup, from the output
 * folder up) and says, with the exact install line, when its major is not the one the output is
 * written for. Run on every build, cached or not: installing a package changes nothing toolgen hashes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Output } from "../outputs/output.js";

/** The installed version of `pkg` that code in `dir` imports (node_modules from `dir` up), or undefined. */
function installedVersion(pkg: string, dir: string): { version: string; file: string } | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const file = path.join(at, "node_modules", ...pkg.split("/"), "package.json");
    try {
      const version = (JSON.parse(readFileSync(file, "utf8")) as { version?: unknown }).version;
      if (typeof version === "string") return { version, file };
    } catch {
      // Not here (or unreadable): look one folder up, as Node does.
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/** `version`'s major as npm's caret reads it: `7` for 7.0.1, `0.20` for 0.20.3. */
export function caretMajor(version: string): string {
  const [major = "", minor = ""] = version.replace(/^[^0-9]*/, "").split(".");
  return major === "0" ? `0.${minor}` : major;
}

/** A warning per selected framework output whose installed framework is another major than the output's; `out` is the output folder. */
export function frameworkMajorWarnings(outputs: readonly Output[], out: string): string[] {
  const warnings: string[] = [];
  for (const output of outputs) {
    if (output.framework === undefined) continue;
    const { package: pkg, major } = output.framework;
    const installed = installedVersion(pkg, out);
    if (installed === undefined || caretMajor(installed.version) === major) continue;
    const where = path.relative(process.cwd(), installed.file).split(path.sep).join("/");
    warnings.push(
      `warning: the ${output.id} output is written for ${pkg} ${major}, but ${pkg} ${installed.version} is installed (${where}); ` +
        `the generated code will not compile against it: npm install ${pkg}@${major}` +
        (Number(caretMajor(installed.version)) < Number(major) ? " (on Node 22 or later: on older Node, npm picks an older major)" : ""),
    );
  }
  return warnings;
}
