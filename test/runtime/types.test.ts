// Type-level checks (run by `tsc --noEmit -p tsconfig.json`; vitest only runs the trivial bodies).
import type {
  ContentBlock,
  Message,
  ToolResultBlockParam,
  ToolUseBlock as SdkToolUseBlock,
  MessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import { Ajv } from "ajv";
import { describe, expectTypeOf, it } from "vitest";
import {
  createDispatcherFrom,
  type Dispatcher,
  type RegisteredTool,
  type ToolContext,
  type ToolHandler,
  type ToolHandlers,
  type ToolResultBlock,
  type ToolUseBlock,
  type ValidateFunction,
} from "../../src/runtime/dispatch.js";

interface GetWeatherInput {
  location: string;
  unit?: "celsius" | "fahrenheit";
}
interface ProtoInput {
  n: number;
}
/** The shape generated code declares: tool name -> input type. */
interface ToolInputs {
  get_weather: GetWeatherInput;
  "get-forecast": { days: number };
  ["__proto__"]: ProtoInput;
}

const registry: readonly RegisteredTool[] = [];

describe("runtime types", () => {
  it("are compatible with the official SDK types", () => {
    // Our tool_result blocks go straight into a user message.
    expectTypeOf<ToolResultBlock>().toExtend<ToolResultBlockParam>();
    const result: ToolResultBlock = { type: "tool_result", tool_use_id: "x" };
    const param: ToolResultBlockParam = result;
    const message: MessageParam = { role: "user", content: [param] };
    void message;

    // The SDK's ToolUseBlock (from a Message) is accepted by dispatch, and a Message's content by dispatchAll.
    expectTypeOf<SdkToolUseBlock>().toExtend<ToolUseBlock>();
    expectTypeOf<Dispatcher["dispatch"]>().toBeCallableWith({} as SdkToolUseBlock);
    expectTypeOf<Dispatcher["dispatchAll"]>().toBeCallableWith([] as ContentBlock[]);
    expectTypeOf<Dispatcher["dispatchAll"]>().toBeCallableWith({} as Message["content"]);
    expectTypeOf<Dispatcher["dispatchAll"]>().returns.resolves.toExtend<ToolResultBlockParam[]>();
  });

  it("accept ajv's compiled validators as ValidateFunction", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const tool: RegisteredTool = { name: "t", inputSchema: {}, loadValidator: () => ajv.compile({}) };
    const asyncTool: RegisteredTool = { name: "t", inputSchema: true, loadValidator: async () => ajv.compile({}) };
    expectTypeOf(ajv.compile({})).toExtend<ValidateFunction>();
    void tool;
    void asyncTool;
  });

  it("check each handler against its tool's input type", () => {
    const handlers: ToolHandlers<ToolInputs> = {
      get_weather: (input, context) => {
        expectTypeOf(input).toEqualTypeOf<GetWeatherInput>();
        expectTypeOf(context).toEqualTypeOf<ToolContext>();
        return `${input.location} ${input.unit ?? "celsius"}`;
      },
      "get-forecast": async (input) => input.days * 2,
      ["__proto__"]: (input) => input.n,
    };
    const make = () => createDispatcherFrom<ToolInputs>(registry, handlers);
    expectTypeOf(make).returns.toEqualTypeOf<Dispatcher>();

    const typedLiteral = () =>
      createDispatcherFrom<ToolInputs>(registry, {
        get_weather: (input) => input.location,
        "get-forecast": () => undefined,
        ["__proto__"]: () => "x",
      });
    void typedLiteral;

    const missing = () =>
      // @ts-expect-error -- a tool without a handler
      createDispatcherFrom<ToolInputs>(registry, { get_weather: () => 1, "get-forecast": () => 2 });
    const extra = () =>
      createDispatcherFrom<ToolInputs>(registry, {
        get_weather: () => 1,
        "get-forecast": () => 2,
        ["__proto__"]: () => 3,
        // @ts-expect-error -- a handler for a tool that does not exist
        get_wether: () => 4,
      });
    const wrongInput = () =>
      createDispatcherFrom<ToolInputs>(registry, {
        // @ts-expect-error -- the handler expects another input type
        get_weather: (input: { city: string }) => input.city,
        "get-forecast": () => 2,
        ["__proto__"]: () => 3,
      });
    // @ts-expect-error -- handlers read typed inputs
    const badField: ToolHandler<GetWeatherInput> = (input) => input.city;
    void [missing, extra, wrongInput, badField];
  });
});
