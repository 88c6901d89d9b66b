/**
 * Issue 39 item 3: the user's tsc does not check the bodies of the generated `runtime/` again (toolgen's
 * own type-check has), yet checks the user's handlers against the runtime's declarations as strictly as
 * before. Counted in types the checker creates (which, unlike time, does not depend on the machine's
 * load): over the seed tools' folder, checking the runtime's bodies made about 4,300 types. Heavy: about 10 s.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { beforeAll, expect, it } from "vitest";
import { build } from "../../src/pipeline.js";
import { createProgram } from "../e2e/compile.js";
import { project, repoRoot } from "../helpers.js";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: [],
};

let p: Awaited<ReturnType<typeof project>>;
beforeAll(async () => {
  p = await project(path.join(repoRoot, "schemas"));
  await writeFile(path.join(p.dir, "package.json"), JSON.stringify({ type: "module" }));
  await build({ schemas: p.schemas, out: p.out, handlers: p.handlers, lint: false, cache: false });
});

function check(files: string[]): { errors: string[]; types: number } {
  const program = createProgram(files, OPTIONS);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  return { errors, types: program.getTypeCount() };
}

it("checks no body of runtime/: the whole folder costs the checker few types beyond the tools' own", { timeout: 60_000 }, async () => {
  const data = check(["types.ts", "tools.ts"].map((f) => path.join(p.out, f)));
  const whole = check([path.join(p.out, "index.ts")]);
  expect(data.errors).toEqual([]);
  expect(whole.errors).toEqual([]);
  // Measured 2026-11-29 (TypeScript 5.9): 4,943 more types with the runtime's bodies checked, 651 without.
  expect(whole.types - data.types).toBeLessThan(1_500);
});

it("still checks a handler against its tool's input type", { timeout: 60_000 }, async () => {
  const file = path.join(p.handlers, "get_weather.ts");
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(`input: ToolInputs["get_weather"]`, "input: { location: number }"));
  try {
    const { errors } = check([path.join(p.out, "index.ts")]);
    expect(errors.join("\n")).toMatch(/registry\.ts: .*location/s);
  } finally {
    await writeFile(file, text);
  }
});
