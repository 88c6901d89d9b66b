import { describe, expect, it } from "vitest";
import { formatMessage } from "../../src/lint/rule.js";

describe("formatMessage", () => {
  it("fills {{placeholders}} from data and leaves unknown ones as written", () => {
    expect(formatMessage("a {{x}} b {{ y }} c {{z}}", { x: 1, y: "two" })).toBe("a 1 b two c {{z}}");
    expect(formatMessage("no placeholders")).toBe("no placeholders");
    expect(formatMessage("{{x}}{{x}}", { x: "$&" })).toBe("$&$&");
  });
});
