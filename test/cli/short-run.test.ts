import { beforeEach, describe, expect, it, vi } from "vitest";

const setFlagsFromString = vi.fn();
vi.mock("node:v8", () => ({ setFlagsFromString }));

const { SHORT_RUN_FLAG, tuneForShortRun } = await import("../../cli/short-run.js");

describe("tuneForShortRun", () => {
  beforeEach(() => setFlagsFromString.mockClear());

  it("raises V8's optimization budget for the lint run", () => {
    tuneForShortRun([], "11.3.244.8-node.38");
    expect(setFlagsFromString).toHaveBeenCalledWith(SHORT_RUN_FLAG);
    expect(SHORT_RUN_FLAG).toMatch(/^--interrupt-budget=\d+$/);
  });

  it("leaves a budget the user chose alone", () => {
    tuneForShortRun(["--interrupt-budget=5000"]);
    tuneForShortRun(["--interrupt_budget=5000"]);
    expect(setFlagsFromString).not.toHaveBeenCalled();
  });

  it("applies on V8 11 (Node 20) only, where the flag exists and was measured", () => {
    tuneForShortRun([], "12.4.254.21-node.33");
    tuneForShortRun([], "13.6.233.10-node.18");
    expect(setFlagsFromString).not.toHaveBeenCalled();
    tuneForShortRun([], "11.3.244.8-node.38");
    expect(setFlagsFromString).toHaveBeenCalledTimes(1);
  });
});
