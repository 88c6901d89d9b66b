import { it } from "vitest";
import { build } from "../../src/pipeline.js";
import { fixture, project } from "../helpers.js";
it("scratch", async () => {
  const p = await project(fixture("openai", "schemas"));
  const r = await build({ ...p, cache: false, rules: { "openai-strict-lowerable": "warning" }, outputs: ["native", "types", "validators", "handlers", "runtime", "index", "openai"] }).catch((e) => { console.log(e.message, JSON.stringify(e.diagnostics ?? [], null, 1)); throw e; });
  console.log(r.notes, r.diagnostics.map((d) => `${d.rule} ${d.pointer} ${d.message}`));
  console.log(r.files.find((f) => f.path === "openai.ts")!.contents);
});
