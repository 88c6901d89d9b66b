/**
 * toolgen's own templates render from their precompiled form (src/targets/anthropic/
 * precompiled-templates.ts, written by scripts/templates.mjs), with Handlebars' run-time alone: the
 * file is current, a build of the seed tools never loads Handlebars' compiler, and an override
 * (`--templates DIR`) is compiled as before. The bytes are the goldens' (test/build.test.ts).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { expect, it } from "vitest";
import { readAssets } from "../../../src/load/assets.js";
import { COMPILE_OPTIONS } from "../../../src/targets/anthropic/precompiled-templates.js";
import { createRenderer, escapeXmlText } from "../../../src/targets/anthropic/templates.js";
import { recordLoads, repoRoot, tempDir } from "../../helpers.js";

const cli = path.join(repoRoot, "dist", "bin", "toolgen.cjs");
const COMPILER = /^cjs .*[\\/]node_modules[\\/]handlebars[\\/](lib[\\/]index\.js|dist[\\/]cjs[\\/]handlebars\.js)$/;
const RUNTIME = /^cjs .*[\\/]node_modules[\\/]handlebars[\\/]runtime\.js$/;

it("src/targets/anthropic/precompiled-templates.ts is what scripts/templates.mjs writes from templates/", () => {
  const check = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "templates.mjs"), "--check"], { cwd: repoRoot, encoding: "utf8" });
  expect(check.stderr).toBe("");
  expect(check.status).toBe(0);
});

it("renders what Handlebars' compiler renders from the same texts, with the same options", async () => {
  expect(COMPILE_OPTIONS).toEqual({ strict: true, noEscape: true });
  const { templates } = await readAssets();
  const hb = Handlebars.create();
  hb.registerHelper("xml", escapeXmlText);
  for (const [file, text] of templates) if (file.startsWith("partials/")) hb.registerPartial(path.posix.basename(file, ".hbs"), hb.compile(text, COMPILE_OPTIONS));
  const view = {
    tools: [
      { name: "get_weather", description: "Gets <the> weather & more.", parameters: [{ name: "location", type: "string", description: "A city." }] },
      { name: "no_params", description: "Takes nothing.", parameters: [] },
    ],
  };
  const compiled = hb.compile(templates.get("legacy-prompt.hbs")!, COMPILE_OPTIONS)(view);
  expect(createRenderer(templates)("legacy-prompt", view as never)).toBe(compiled);
});

/** `toolgen build --no-cache` of the seed tools, with `args`; what it loaded, and its legacy prompt. */
async function build(args: string[] = [], setUp: (dir: string) => void = () => {}): Promise<{ loads: string[]; prompt: string }> {
  const dir = await tempDir("toolgen-templates-");
  cpSync(path.join(repoRoot, "schemas"), path.join(dir, "schemas"), { recursive: true });
  mkdirSync(path.join(dir, ".git"));
  setUp(dir);
  const run = recordLoads([cli, "build", "--no-cache", ...args], dir, { NO_COLOR: "1" });
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return { loads: run.loads, prompt: readFileSync(path.join(dir, "generated", "legacy-prompt.txt"), "utf8") };
}

it("a build with toolgen's own templates loads Handlebars' run-time, not its compiler", async () => {
  const { loads } = await build();
  expect(loads.some((l) => RUNTIME.test(l))).toBe(true);
  expect(loads.filter((l) => COMPILER.test(l))).toEqual([]);
});

it("an override is compiled, and rendered", async () => {
  const { loads, prompt } = await build(["--templates", "my-templates"], (dir) => {
    mkdirSync(path.join(dir, "my-templates"));
    writeFileSync(path.join(dir, "my-templates", "parameter.hbs"), "<param>{{xml name}}</param>\n");
  });
  expect(prompt).toContain("<param>location</param>");
  expect(loads.some((l) => COMPILER.test(l))).toBe(true);
});
