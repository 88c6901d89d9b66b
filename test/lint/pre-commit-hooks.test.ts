import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface HookDefinition {
  id: string;
  entry: string;
  language: string;
  files?: string;
  pass_filenames?: boolean;
  always_run?: boolean;
}

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(new URL("../../.pre-commit-hooks.yaml", import.meta.url), "utf8")) as HookDefinition[];
  const hook = hooks.find((h) => h.id === "toolgen-lint");

  it("defines toolgen-lint as `toolgen lint`, a node hook", () => {
    expect(hook).toMatchObject({ id: "toolgen-lint", entry: "toolgen lint", language: "node" });
  });

  it("lints the whole schemas folder on every commit, whatever is staged (issue 12.1)", () => {
    // A deleted fragment stages no file to pass, and a renamed $defs key breaks files that are not staged.
    expect(hook).toMatchObject({ pass_filenames: false, always_run: true });
  });
});
