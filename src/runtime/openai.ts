// toolgen runtime: OpenAI dispatch adapters over the native dispatcher (Chat Completions tool_calls
// and Responses API function_call items), and the strict-mode normalisation of their arguments.
// Copied verbatim into generated output; imports nothing but its sibling files.

import { isRecord, type DispatchOptions, type Dispatcher, type ToolResultBlock } from "./dispatch.js";

/** JSON Schema as OpenAI's `parameters` field takes it. */
export type OpenAIParameters = { [key: string]: unknown };

/** Chat Completions: `function` of a tool; assignable to the SDK's `FunctionDefinition`. */
export interface OpenAIFunctionDefinition {
  name: string;
  description?: string;
  parameters: OpenAIParameters;
  strict: boolean;
}

/**
 * Chat Completions: one entry of `tools`; assignable to the SDK's `ChatCompletionTool` (`ChatCompletionFunctionTool`).
 */
export interface ChatCompletionFunctionTool {
  type: "function";
  function: OpenAIFunctionDefinition;
}

/** Who may call a Responses function tool: the model itself, or code the model runs (the SDK's `allowed_callers`). */
export type ResponsesCaller = "direct" | "programmatic";

/**
 * Responses API: one entry of `tools`; assignable to the SDK's `FunctionTool`. `strict` is explicit (the API's default
 * is true).
 */
export interface ResponsesFunctionTool {
  type: "function";
  name: string;
  description?: string;
  parameters: OpenAIParameters;
  strict: boolean;
  /** The JSON value the tool's text output encodes (the tool file's output schema). */
  output_schema?: OpenAIParameters;
  allowed_callers?: ResponsesCaller[];
  /** Loaded only when the model finds it through tool search. */
  defer_loading?: boolean;
}

/** Responses API: function tools grouped under a name; assignable to the SDK's `NamespaceTool`. */
export interface ResponsesNamespaceTool {
  type: "namespace";
  name: string;
  description: string;
  tools: ResponsesFunctionTool[];
}

/**
 * A tool file's `allowed_callers` (Claude's: `direct`, or a `code_execution_*` tool) as the Responses API
 * names them: a call from code the model runs is `programmatic`. Each once, in that order.
 */
export function responsesCallers(callers: readonly string[]): ResponsesCaller[] {
  const out: ResponsesCaller[] = [];
  if (callers.includes("direct")) out.push("direct");
  if (callers.some((c) => c.startsWith("code_execution"))) out.push("programmatic");
  return out;
}

/** Chat Completions: a `role: "tool"` message; assignable to the SDK's `ChatCompletionToolMessageParam`. */
export interface ChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

export interface InputText {
  type: "input_text";
  text: string;
}

export interface InputImage {
  type: "input_image";
  image_url: string;
}

/**
 * Responses API: a `function_call_output` input item; assignable to the SDK's `ResponseInputItem.FunctionCallOutput`.
 */
export interface FunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string | Array<InputText | InputImage>;
}

/** Where a `null` stands for an absent property: built by toolgen's strict lowering (schema/strict.ts). */
export interface NullPlan {
  /** Properties the original schema leaves optional: `null` -> absent. */
  o?: string[];
  /** Plans of the properties. */
  p?: { [key: string]: NullPlan };
  /** Plan of the items. */
  i?: NullPlan;
  /** A `$ref`: the plan is `defs[r]`. */
  r?: string;
}

export interface StrictPlan {
  root: NullPlan;
  defs?: { [ref: string]: NullPlan };
}

function own(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** How many `$ref`s in a row the normaliser follows without reaching a value (a `$ref` loop stops there). */
const MAX_REF_CHAIN = 64;

function normaliseNode(
  value: unknown,
  plan: NullPlan,
  defs: { readonly [ref: string]: NullPlan },
  chain: number,
): unknown {
  if (plan.r !== undefined) {
    const target = own(defs, plan.r) ? defs[plan.r] : undefined;
    return target === undefined || chain >= MAX_REF_CHAIN ? value : normaliseNode(value, target, defs, chain + 1);
  }
  if (Array.isArray(value)) {
    const items = plan.i;
    return items === undefined ? value : value.map((v) => normaliseNode(v, items, defs, 0));
  }
  if (!isRecord(value) || (plan.o === undefined && plan.p === undefined)) return value;
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === null && plan.o !== undefined && plan.o.includes(key)) continue;
    const sub = plan.p !== undefined && own(plan.p, key) ? plan.p[key] : undefined;
    Object.defineProperty(out, key, {
      value: sub === undefined ? v : normaliseNode(v, sub, defs, 0),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * The arguments a strict-mode call sent, as the original schema has them: a `null` for a property the
 * original schema leaves optional (and which does not accept null) becomes an absent property. The
 * input is not changed. Validation against the original schema comes after this.
 */
export function normaliseStrictInput(value: unknown, plan: StrictPlan): unknown {
  return normaliseNode(value, plan.root, plan.defs ?? {}, 0);
}

/** How much of a model's broken arguments text a message quotes. */
const QUOTED = 60;

/**
 * Whether `text` is the beginning of a JSON value that stops early (an unclosed string, object or
 * array): the model's output was cut off, typically by max_tokens.
 */
function looksCutOff(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth < 0) return false;
    }
  }
  return inString || depth > 0;
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);
}

/** The arguments of a call, parsed; or the message the model gets when they are not JSON. */
function parseArguments(name: string, text: string): { input: unknown } | { error: string } {
  if (text.trim() === "") return { input: {} };
  try {
    return { input: JSON.parse(text) as unknown };
  } catch (e) {
    if (looksCutOff(text)) {
      return {
        error:
          `Error: the arguments of this call to '${name}' are cut off after ${text.length} characters ` +
          `(unclosed JSON, ending ${quote(text.slice(-QUOTED))}); ` +
          `call the tool again with the complete arguments, shorter if they were long`,
      };
    }
    const reason = e instanceof Error ? e.message.slice(0, 200) : "not JSON";
    return {
      error:
        `Error: the arguments of this call to '${name}' are not valid JSON (${reason}); ` +
        `call the tool again with its arguments as one JSON object`,
    };
  }
}

const IMAGE_OMITTED = "[image omitted: a Chat Completions tool message cannot carry images]";

function resultText(block: ToolResultBlock): string {
  const content = block.content;
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((b) => (b.type === "text" ? b.text : IMAGE_OMITTED)).join("\n");
}

function resultOutput(block: ToolResultBlock): FunctionCallOutput["output"] {
  const content = block.content;
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((b): InputText | InputImage =>
    b.type === "text"
      ? { type: "input_text", text: b.text }
      : { type: "input_image", image_url: `data:${b.source.media_type};base64,${b.source.data}` },
  );
}

/** `options` (the request context, an AbortSignal, a timeout) reach every handler as with `dispatch`. */
export interface OpenAIDispatcher {
  /**
   * Chat Completions: runs the `tool_calls` of an assistant message (`message.tool_calls`),
   * concurrently, and returns one `role: "tool"` message per call, in call order. Never rejects.
   */
  toolMessages(toolCalls: readonly unknown[] | null | undefined, options?: DispatchOptions): Promise<ChatToolMessage[]>;
  /**
   * Responses API: runs every `function_call` item of `response.output` (other items are skipped),
   * concurrently, and returns one `function_call_output` item per call, in call order. Never rejects.
   */
  functionCallOutputs(
    output: readonly unknown[] | null | undefined,
    options?: DispatchOptions,
  ): Promise<FunctionCallOutput[]>;
}

/**
 * The OpenAI adapters over a native dispatcher: the same handlers, validators and messages. A strict
 * tool's arguments are normalised by its plan (`strictPlans`, by tool name) before validation.
 */
export function createOpenAIDispatcher(
  dispatcher: Dispatcher,
  strictPlans: ReadonlyMap<string, StrictPlan>,
): OpenAIDispatcher {
  const known: ReadonlySet<string> = new Set(dispatcher.toolNames);

  /** One call: its id, tool name and arguments text, however malformed. Never rejects. */
  async function run(
    id: string,
    name: unknown,
    args: unknown,
    options: DispatchOptions | undefined,
  ): Promise<ToolResultBlock> {
    try {
      if (typeof name !== "string")
        return {
          type: "tool_result",
          tool_use_id: id,
          content: "Error: malformed tool call (no function name)",
          is_error: true,
        };
      // An unknown tool: the dispatcher's message (its arguments do not matter).
      if (!known.has(name)) return await dispatcher.dispatch({ type: "tool_use", id, name, input: {} }, options);
      let input: unknown = args;
      if (typeof args === "string") {
        const parsed = parseArguments(name, args);
        if ("error" in parsed) return { type: "tool_result", tool_use_id: id, content: parsed.error, is_error: true };
        input = parsed.input;
      } else if (args === undefined || args === null) input = {};
      const plan = strictPlans.get(name);
      if (plan !== undefined) input = normaliseStrictInput(input, plan);
      return await dispatcher.dispatch({ type: "tool_use", id, name, input }, options);
    } catch (e) {
      return {
        type: "tool_result",
        tool_use_id: id,
        content: `Error: malformed tool call (${e instanceof Error ? e.message : String(e)})`,
        is_error: true,
      };
    }
  }

  return {
    async toolMessages(toolCalls, options) {
      if (!Array.isArray(toolCalls)) return [];
      const jobs = Array.from(toolCalls, async (call: unknown): Promise<ChatToolMessage> => {
        let id = "";
        try {
          id = isRecord(call) && typeof call["id"] === "string" ? call["id"] : "";
          if (!isRecord(call) || call["type"] !== "function" || !isRecord(call["function"])) {
            const kind = isRecord(call) && typeof call["type"] === "string" ? ` of type '${call["type"]}'` : "";
            return {
              role: "tool",
              tool_call_id: id,
              content: `Error: malformed tool call${kind}: only function tool calls can be run`,
            };
          }
          const fn = call["function"];
          const block = await run(id, fn["name"], fn["arguments"], options);
          return { role: "tool", tool_call_id: id, content: resultText(block) };
        } catch (e) {
          // A call object whose reads throw (a hostile Proxy) still gets its answer.
          return {
            role: "tool",
            tool_call_id: id,
            content: `Error: malformed tool call (${e instanceof Error ? e.message : String(e)})`,
          };
        }
      });
      return Promise.all(jobs);
    },
    async functionCallOutputs(output, options) {
      if (!Array.isArray(output)) return [];
      const jobs: Array<Promise<FunctionCallOutput>> = [];
      for (const item of output as readonly unknown[]) {
        let callId = "";
        let job: Promise<ToolResultBlock>;
        try {
          if (!isRecord(item) || item["type"] !== "function_call") continue;
          callId = typeof item["call_id"] === "string" ? item["call_id"] : "";
          job = run(callId, item["name"], item["arguments"], options);
        } catch (e) {
          // An item whose reads throw (a hostile Proxy) still gets its answer.
          job = Promise.resolve({
            type: "tool_result",
            tool_use_id: callId,
            content: `Error: malformed function call (${e instanceof Error ? e.message : String(e)})`,
            is_error: true,
          });
        }
        const id = callId;
        jobs.push(job.then((block) => ({ type: "function_call_output", call_id: id, output: resultOutput(block) })));
      }
      return Promise.all(jobs);
    },
  };
}
