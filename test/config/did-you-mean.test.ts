/**
 * Issue 37 item 10: an unknown config key or output name suggests the nearest known one ("did you
 * mean"), as unknown flags, rule ids and targets do (src/lint/nearest.ts), instead of listing every
 * valid name; a name near none says where the names are listed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { selectOutputs } from "../../src/build/options.js";
import { OUTPUTS } from "../../src/catalog.js";
import { configFor } from "../../src/commands/config.js";
import { tempDir } from "../helpers.js";

async function configError(record: object): Promise<string> {
  const dir = await tempDir("toolgen-did-you-mean-");
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(record));
  try {
    configFor(dir, {}, dir);
  } catch (error) {
    expect((error as Error).name).toBe("UsageError");
    return (error as Error).message;
  }
  throw new Error("no error");
}

describe("did you mean", () => {
  it("an unknown config key: the nearest key, not the list", async () => {
    expect(await configError({ outt: "x" })).toBe("toolgen.config.json: unknown key 'outt' (did you mean 'out'?)");
    expect(await configError({ openaiStrct: true })).toBe("toolgen.config.json: unknown key 'openaiStrct' (did you mean 'openaiStrict'?)");
    expect(await configError({ zzzzzzzz: 1 })).toBe("toolgen.config.json: unknown key 'zzzzzzzz' (toolgen build --help lists the keys)");
  });

  it("an unknown output: the nearest output, not the list", () => {
    expect(() => selectOutputs(OUTPUTS, ["native", "mpc"])).toThrow(/^unknown output 'mpc' in "outputs" \(did you mean 'mcp'\?\)$/);
    expect(() => selectOutputs(OUTPUTS, ["standard-shema"])).toThrow(/^unknown output 'standard-shema' in "outputs" \(did you mean 'standard-schema'\?\)$/);
    expect(() => selectOutputs(OUTPUTS, ["qqqqqqqq"])).toThrow(/^unknown output 'qqqqqqqq' in "outputs" \(outputs: native, /);
  });
});
