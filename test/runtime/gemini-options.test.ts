/** The Gemini adapter passes dispatch options on (issue 15's request context, signal and timeout). */
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect, it } from "vitest";
import { createDispatcherFrom, type ValidateFunction } from "../../src/runtime/dispatch.js";
import { createGeminiDispatcher } from "../../src/runtime/gemini.js";

const ajv = new Ajv2020({ strict: false });
const object = { type: "object" };
const native = createDispatcherFrom<{ who: Record<string, never>; hang: Record<string, never> }>(
  [
    { name: "who", inputSchema: object, loadValidator: () => ajv.compile(object) as ValidateFunction },
    { name: "hang", inputSchema: object, loadValidator: () => ajv.compile(object) as ValidateFunction },
  ],
  { who: (_input, context) => ({ user: context.context }), hang: () => new Promise(() => undefined) },
);
const gemini = createGeminiDispatcher(native);

it("the context reaches the handler, and a hung handler times out, in call order", async () => {
  const parts = [{ functionCall: { id: "1", name: "who", args: {} } }, { text: "skipped" }, { functionCall: { id: "2", name: "hang" } }];
  const [who, hang] = await gemini.dispatchParts(parts, { context: "ada", timeoutMs: 50 });
  expect(who!.functionResponse).toMatchObject({ id: "1", name: "who", response: { output: JSON.stringify({ user: "ada" }) } });
  expect(hang!.functionResponse).toMatchObject({ id: "2", name: "hang", response: { error: expect.stringMatching(/timed out after 50 ms/) } });
});

it("dispatchCalls and dispatchCall take them too", async () => {
  const [who] = await gemini.dispatchCalls([{ name: "who", args: {} }], { context: "bob" });
  expect(who!.functionResponse.response).toEqual({ output: JSON.stringify({ user: "bob" }) });
  const one = await gemini.dispatchCall({ name: "who" }, { context: "cy" });
  expect(one.functionResponse.response).toEqual({ output: JSON.stringify({ user: "cy" }) });
});
