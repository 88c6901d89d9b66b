/** Issue 14: the `openaiStrict` config (every tool sent to OpenAI in strict mode). */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeRules } from "../../src/catalog.js";
import { loadConfig } from "../../src/commands/config.js";
import { lintFolder } from "../../src/commands/lint-folder.js";
import { tempDir } from "../helpers.js";

async function configDir(config: unknown): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, "toolgen.config.json"), JSON.stringify(config));
  return dir;
}

describe("openaiStrict", () => {
  it("is read from the config and turns on the rule's `all` option, keeping the severity given", async () => {
    const config = await loadConfig({}, await configDir({ openaiStrict: true, rules: { "openai-strict-lowerable": "warn" } }));
    expect(config.openaiStrict).toBe(true);
    expect(composeRules({ rules: config.rules, settings: config })["openai-strict-lowerable"]).toEqual(["warn", { all: 1 }]);
    const plain = await loadConfig({}, await configDir({ rules: {} }));
    expect(plain.openaiStrict).toBeUndefined();
    expect(composeRules({ rules: plain.rules, settings: plain })["openai-strict-lowerable"]).toBeUndefined();
  });

  it("must be true or false", async () => {
    await expect(loadConfig({}, await configDir({ openaiStrict: "yes" }))).rejects.toMatchObject({
      name: "UsageError",
      message: expect.stringContaining("'openaiStrict' must be true or false"),
    });
  });

  it("makes `toolgen lint` check every tool for strict mode, not only those that say \"strict\": true", async () => {
    const dir = await tempDir();
    const tool = { name: "a", description: "d", input_schema: { type: "object", properties: { note: { type: ["string", "null"] } } } };
    await writeFile(path.join(dir, "a.json"), JSON.stringify(tool, null, 2));
    const { diagnostics: off } = await lintFolder({ schemas: dir });
    expect(off.filter((d) => d.rule === "openai-strict-lowerable")).toEqual([]);
    const config = await loadConfig({}, await configDir({ openaiStrict: true }));
    const { diagnostics: on } = await lintFolder({ schemas: dir, rules: config.rules, ...(config.openaiStrict ? { openaiStrict: true } : {}) });
    expect(on.filter((d) => d.rule === "openai-strict-lowerable").map((d) => d.pointer)).toEqual(["/input_schema/properties/note"]);
  });
});
