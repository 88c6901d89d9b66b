// toolgen runtime: Gemini function calling over the native dispatcher.
// Copied verbatim into generated output; imports nothing but its sibling files.
//
// Gemini's model turn holds `functionCall` parts (`{functionCall: {id?, name, args}}`); the next user
// turn answers each with a `functionResponse` part. @google/genai 2.32.0 (dist/genai.d.ts, class
// FunctionResponse) on `response`: "Use "output" key to specify function output and "error" key to
// specify error details (if any)"; `id` is "populated by the client to match the corresponding
// function call `id`" (the Gemini API often leaves it out, Vertex AI sets it). Images go in the
// response's `parts` (`FunctionResponsePart.inlineData`: base64 `data` and `mimeType`).
//
// Every call goes through the dispatcher: the same validators, handlers and messages as a native
// tool_use block (an unknown tool, invalid arguments and a handler that throws are `{error}`).

import type { DispatchOptions, Dispatcher, ToolResultBlock } from "./dispatch.js";

/** A `functionCall` as Gemini sends it (@google/genai `FunctionCall`). */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}

/** Media in a function response (@google/genai `FunctionResponsePart`). */
export interface GeminiFunctionResponsePart {
  inlineData: { mimeType: string; data: string };
}

/** A `functionResponse` (@google/genai `FunctionResponse`): `{output}` on success, `{error}` on failure. */
export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: { output: string } | { error: string };
  parts?: GeminiFunctionResponsePart[];
}

/** A `Part` holding a function response (assignable to @google/genai's `Part`). */
export interface GeminiResponsePart {
  functionResponse: GeminiFunctionResponse;
}

export interface GeminiDispatcher {
  /**
   * Runs every `functionCall` part of `parts` (a model `Content`'s `parts`; other parts are skipped)
   * concurrently, and answers with one `functionResponse` part per call, in their order: the parts
   * of the next `{role: "user", parts}` turn. Never rejects.
   */
  dispatchParts(parts: readonly unknown[] | undefined, options?: DispatchOptions): Promise<GeminiResponsePart[]>;
  /** Runs calls as the SDK's `response.functionCalls` lists them, in their order. Never rejects. */
  dispatchCalls(calls: readonly unknown[] | undefined, options?: DispatchOptions): Promise<GeminiResponsePart[]>;
  /** Runs one `functionCall`. Never rejects. `options` (context, signal, timeout) as with `dispatch`. */
  dispatchCall(call: unknown, options?: DispatchOptions): Promise<GeminiResponsePart>;
}

function isRecord(v: unknown): v is { readonly [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The text of a tool_result (text blocks joined by newlines) and its images. */
function toResponse(block: ToolResultBlock, id: string | undefined, name: string): GeminiResponsePart {
  const texts: string[] = [];
  const parts: GeminiFunctionResponsePart[] = [];
  const content = block.content;
  if (typeof content === "string") texts.push(content);
  else if (content !== undefined) {
    for (const b of content) {
      if (b.type === "text") texts.push(b.text);
      else parts.push({ inlineData: { mimeType: b.source.media_type, data: b.source.data } });
    }
  }
  const text = texts.join("\n");
  const functionResponse: GeminiFunctionResponse = {
    ...(id === undefined ? {} : { id }),
    name,
    response: block.is_error === true ? { error: text } : { output: text },
  };
  if (parts.length > 0) functionResponse.parts = parts;
  return { functionResponse };
}

/** The Gemini adapter over a dispatcher (`createDispatcher(handlers)` of the generated index). */
export function createGeminiDispatcher(dispatcher: Dispatcher): GeminiDispatcher {
  let seq = 0;

  async function dispatchCall(call: unknown, options?: DispatchOptions): Promise<GeminiResponsePart> {
    let id: string | undefined;
    let name = "";
    try {
      if (!isRecord(call)) {
        return toResponse(
          {
            type: "tool_result",
            tool_use_id: "",
            content: "Error: malformed functionCall (not an object)",
            is_error: true,
          },
          undefined,
          "",
        );
      }
      id = typeof call["id"] === "string" ? call["id"] : undefined;
      if (typeof call["name"] !== "string") {
        return toResponse(
          {
            type: "tool_result",
            tool_use_id: "",
            content: "Error: malformed functionCall (no function name)",
            is_error: true,
          },
          id,
          "",
        );
      }
      name = call["name"];
      // A function without parameters may come with no `args`: that is an empty object.
      const args = call["args"] === undefined ? {} : call["args"];
      const toolUseId = id ?? `gemini_${++seq}`;
      const block = await dispatcher.dispatch(
        {
          type: "tool_use",
          id: toolUseId,
          name,
          input: args,
        },
        options,
      );
      return toResponse(block, id, name);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return toResponse(
        { type: "tool_result", tool_use_id: "", content: `Error: malformed functionCall (${message})`, is_error: true },
        id,
        name,
      );
    }
  }

  function dispatchCalls(
    calls: readonly unknown[] | undefined,
    options?: DispatchOptions,
  ): Promise<GeminiResponsePart[]> {
    if (!Array.isArray(calls)) return Promise.resolve([]);
    return Promise.all(calls.map((call: unknown) => dispatchCall(call, options)));
  }

  return {
    dispatchCall,
    dispatchCalls,
    dispatchParts(parts, options) {
      if (!Array.isArray(parts)) return Promise.resolve([]);
      const calls: unknown[] = [];
      for (const part of parts) {
        if (isRecord(part) && part["functionCall"] !== undefined) calls.push(part["functionCall"]);
      }
      return dispatchCalls(calls, options);
    },
  };
}
