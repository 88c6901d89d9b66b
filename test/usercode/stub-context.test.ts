/**
 * Issue 15: a handler that types its context `ToolContext<MyContext>` keeps that type when toolgen
 * brings its signature in step with the schema (only a context type that is not ToolContext at all
 * is replaced).
 */
import { describe, expect, it } from "vitest";
import { updateStub } from "../../src/emit/stub-update.js";

const IMPORT = `import type { ToolContext, ToolInputs } from "../generated/index.js";\n`;

function update(signature: string): string {
  const result = updateStub(`${IMPORT}\nexport default async function handle(${signature}): Promise<unknown> {\n  return 1;\n}\n`, "get_weather", "../generated/index.js");
  if (!("text" in result)) throw new Error(result.warning);
  return result.text;
}

describe("stub update and the request context type", () => {
  it("keeps ToolContext<MyContext> (named or destructured) while fixing a stale input type", () => {
    expect(update("input: { location: string }, ctx: ToolContext<{ userId: string }>")).toContain(
      'input: ToolInputs["get_weather"], ctx: ToolContext<{ userId: string }>',
    );
    expect(update("input: { city: string }, { context, signal }: ToolContext<MyContext>")).toContain(
      'input: ToolInputs["get_weather"], { context, signal }: ToolContext<MyContext>',
    );
  });

  it("still replaces a context type that is not ToolContext", () => {
    expect(update('input: ToolInputs["get_weather"], ctx: { toolName: string }')).toContain('input: ToolInputs["get_weather"], ctx: ToolContext)');
    expect(update('input: ToolInputs["get_weather"], ctx: ToolContextual')).toContain("ctx: ToolContext)");
  });
});
