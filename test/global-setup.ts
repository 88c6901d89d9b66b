import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Builds `dist/` once (`npm run build`: the rule index, tsc, the rules table of docs/lint.md, then the
 * bundled command line in dist/bin/), for the
 * tests that run the real CLI in a child process. Type errors do not stop the emit here (they fail
 * `npm test`'s own typecheck step instead).
 */
export default async function setup(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const rulesIndex = path.join(root, "scripts", "rules-index.mjs");
  // As `npm run build`: the rule index from the rule files, tsc, then docs/lint.md's rule table from the rules.
  for (const args of [[rulesIndex], [tsc, "-p", "tsconfig.build.json"], [rulesIndex, "--docs"]]) {
    const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
    if (result.error) throw result.error;
  }
  const { bundleCli } = (await import(pathToFileURL(path.join(root, "cli", "bundle.mjs")).href)) as {
    bundleCli(root: string): Promise<string>;
  };
  await bundleCli(root);
}
