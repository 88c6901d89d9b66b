/**
 * Issue 23 item 11, as the README's quick start runs it: in an empty project (CommonJS or ES
 * module), `toolgen init`, then build, then the user's tsc type-checks the generated code and the
 * handlers with the tsconfig init wrote. In test:heavy (two tsc runs, about 20 s); the rest of init
 * is test/cli/init.test.ts.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers.js";
import { emptyProject, run } from "./init-project.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");

describe("toolgen init, build and the user's tsc (issue 23 item 11)", () => {
  for (const type of [undefined, "module"] as const) {
    it(`in an empty ${type === "module" ? "ES-module" : "CommonJS"} project: init, build, and tsc compiles the result`, async () => {
      const dir = await emptyProject(type);
      const init = run(dir, cli, ["init"]);
      expect(init.code, init.stderr).toBe(0);
      expect(init.stderr).toBe("");
      expect(init.stdout).toContain("toolgen init: wrote toolgen.config.json\n");
      expect(init.stdout).toContain("toolgen init: wrote schemas/get_weather.json\n");
      expect(init.stdout).toContain("toolgen init: wrote tsconfig.json\n");
      const built = run(dir, cli, ["build"]);
      expect(built.stderr).toBe("");
      expect(built.code).toBe(0);
      expect(built.stdout).toMatch(/built 1 tool\(s\)/);
      expect(run(dir, cli, ["lint"]).stdout).toBe("");
      const compiled = run(dir, tsc, ["--noEmit", "-p", "."]);
      expect(compiled.stdout + compiled.stderr).toBe("");
      expect(compiled.code).toBe(0);
      // A type error in a handler is caught: the tsconfig does check the handlers. init writes the
      // same tsconfig whatever the package type, so one project shows it.
      if (type !== "module") return;
      const handler = path.join(dir, "handlers", "get_weather.ts");
      await writeFile(handler, `${await readFile(handler, "utf8")}\nexport const broken: number = "not a number";\n`);
      expect(run(dir, tsc, ["--noEmit", "-p", "."]).stdout).toContain("handlers/get_weather.ts");
    });
  }

});
