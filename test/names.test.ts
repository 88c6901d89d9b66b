import { describe, expect, it } from "vitest";
import { assignNames, pascalCase } from "../src/emit/names.js";

describe("names", () => {
  it("gives every valid tool name a safe, distinct identifier and file", () => {
    const tools = ["3d_render", "__proto__", "constructor", "get-forecast", "get_forecast", "getForecast", "toString", "proto", "_", "CON", "a".repeat(64)].sort();
    const names = assignNames(tools);
    const all = [...names.values()];
    expect(new Set(all.map((n) => n.type)).size).toBe(tools.length);
    expect(new Set(all.map((n) => n.handler.toLowerCase())).size).toBe(tools.length);
    expect(new Set(all.map((n) => n.file.toLowerCase())).size).toBe(tools.length);
    for (const n of all) {
      expect(n.type).toMatch(/^[A-Z][A-Za-z0-9]*Input$/);
      expect(n.handler).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    expect(names.get("3d_render")?.type).toBe("Tool3DRenderInput");
    expect(names.get("get-forecast")?.type).toBe("GetForecastInput");
    expect(names.get("getForecast")?.type).toBe("GetForecast2Input");
    expect(names.get("get_forecast")?.type).toBe("GetForecast3Input");
    expect(names.get("__proto__")?.type).toBe("ProtoInput");
    expect(names.get("proto")?.type).toBe("Proto2Input");
    expect(names.get("_")?.type).toBe("ToolInput");
    expect(names.get("CON")?.file).toBe("CON~7");
  });

  it("never hands a suffixed name to a tool that has it naturally", () => {
    const names = assignNames(["a-b", "a_b", "ab2", "AB2"].sort());
    expect(new Set([...names.values()].map((n) => n.base.toLowerCase())).size).toBe(4);
  });

  it("pascalCase", () => {
    expect(pascalCase("get_weather")).toBe("GetWeather");
    expect(pascalCase("--")).toBe("Tool");
  });
});
