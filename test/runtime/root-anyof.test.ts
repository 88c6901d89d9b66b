/**
 * Issue 23.4: a tool whose input schema's root is a bare `anyOf` (parameter sets: look a city up by
 * id, or by name and country) answered a bad call with "Input does not match any allowed shape",
 * naming no parameter. The message now says what each shape lacked, numbered as the legacy prompt
 * numbers them. A union below the root keeps its one line (the parameter is named there).
 */
import { describe, expect, it } from "vitest";
import { createDispatcherFrom, type RegisteredTool, type ToolHandler } from "../../src/runtime/dispatch.js";
import { compiled } from "./compiled.js";

const ROOT_ANY_OF = {
  anyOf: [
    { type: "object", properties: { id: { type: "integer", minimum: 1 } }, required: ["id"] },
    { type: "object", properties: { name: { type: "string", maxLength: 40 }, country: { type: "string", pattern: "^[A-Z]{2}$" } }, required: ["name"] },
  ],
};

async function dispatcherFor(schema: unknown) {
  const validate = await compiled(schema);
  const tools: RegisteredTool[] = [{ name: "t", inputSchema: schema as RegisteredTool["inputSchema"], loadValidator: () => validate }];
  const handlers: Record<string, ToolHandler<never>> = { t: () => "ok" };
  return createDispatcherFrom<Record<string, never>>(tools, handlers);
}

const use = (input: unknown) => ({ type: "tool_use" as const, id: "toolu_1", name: "t", input });

describe("a root anyOf", () => {
  it("names the parameters each shape lacked", async () => {
    const d = await dispatcherFor(ROOT_ANY_OF);
    expect((await d.dispatch(use({ id: 3 }))).content).toBe("ok");
    expect((await d.dispatch(use({ name: "Rome" }))).content).toBe("ok");
    expect((await d.dispatch(use({}))).content).toBe(
      "Error: Input does not match any allowed shape (shape 1: Missing required parameter 'id'; shape 2: Missing required parameter 'name')",
    );
    expect((await d.dispatch(use({ id: 0, country: "italy" }))).content).toBe(
      "Error: Input does not match any allowed shape (shape 1: Parameter 'id' must be at least 1; " +
        "shape 2: Missing required parameter 'name', Parameter 'country' must match the pattern ^[A-Z]{2}$)",
    );
  });

  it("numbers the shapes as the legacy prompt does: a null branch is not a shape", async () => {
    const d = await dispatcherFor({ anyOf: [{ type: "null" }, ...ROOT_ANY_OF.anyOf] });
    expect((await d.dispatch(use({}))).content).toBe(
      "Error: Input does not match any allowed shape (shape 1: Missing required parameter 'id'; shape 2: Missing required parameter 'name')",
    );
  });

  it("a nullable or nested union keeps its message", async () => {
    const d = await dispatcherFor({ type: "object", properties: { m: { anyOf: [{ type: "integer", maximum: 5 }, { type: "integer", minimum: 10 }] } } });
    expect((await d.dispatch(use({ m: 7 }))).content).toBe("Error: Parameter 'm' does not match any allowed shape");
  });
});
