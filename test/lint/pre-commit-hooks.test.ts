import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface HookDefinition {
  id: string;
  entry: string;
  language: string;
  files: string;
}

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(new URL("../../.pre-commit-hooks.yaml", import.meta.url), "utf8")) as HookDefinition[];
  const hook = hooks.find((h) => h.id === "toolgen-lint");

  it("defines toolgen-lint as `toolgen lint`, a node hook", () => {
    expect(hook).toMatchObject({ id: "toolgen-lint", entry: "toolgen lint", language: "node" });
  });

  it("passes every staged .json, .yaml and .yml file (lint skips those that are not tools)", () => {
    const files = new RegExp(hook?.files ?? "^$");
    for (const path of ["schemas/get_weather.json", "schemas/get_weather.yaml", "schemas/common/address.yml", "package.json", ".github/workflows/ci.yml"]) {
      expect(files.test(path), path).toBe(true);
    }
    for (const path of ["schemas/README.md", "src/index.ts", "schemas/x.json.bak"]) {
      expect(files.test(path), path).toBe(false);
    }
  });
});
