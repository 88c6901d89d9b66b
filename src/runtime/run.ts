// toolgen runtime: the agent loops. Send the request, run every tool call the model makes, send the
// results back, until the model is done. Copied verbatim into generated output; imports nothing but
// its sibling files: the caller passes the official `@anthropic-ai/sdk` client (`new Anthropic()`),
// typed here by the few members the loops use, so the generated folder needs no package at run time.

import {
  isRecord,
  type AbortSignalLike,
  type DispatchOptions,
  type HostAbortSignal,
  type ToolResultBlock,
  type ToolUseBlock,
} from "./dispatch.js";
import type { InputRequired } from "./input-required.js";
import { cutOffMessage, kindOf, ReplyAssembler } from "./stream-reply.js";
import { INLINE_TOOLS_BETA, toolChanges, toolsOffered } from "./tool-changes.js";

/** A message of the conversation, as the Messages API takes it (`Anthropic.MessageParam` is assignable). */
export interface MessageParam {
  /** "system": SDK 1.12's `SystemMessageParam`, a system message inside `messages`. */
  role: "user" | "assistant" | "system";
  content: string | readonly object[];
}

/** `tool_choice`, passed through as is; `N` is the generated tool-name union. */
export type ToolChoice<N extends string = string> =
  | { type: "auto"; disable_parallel_tool_use?: boolean }
  | { type: "any"; disable_parallel_tool_use?: boolean }
  | { type: "tool"; name: N; disable_parallel_tool_use?: boolean }
  | { type: "none" };

/**
 * The request the loops send. Any other Messages API parameter (`temperature`, `thinking`,
 * `metadata`, ...) may be added: it is passed through unchanged. `tools` defaults to the generated
 * tool list; `stream` is set by the loop.
 */
export interface RunRequest<N extends string = string> {
  model: string;
  max_tokens: number;
  messages: readonly MessageParam[];
  system?: string | readonly { type: "text"; text: string }[];
  tools?: readonly object[];
  tool_choice?: ToolChoice<N>;
  stop_sequences?: readonly string[];
}

/** A reply of the model (`Anthropic.Message` is assignable). */
export interface ModelMessage {
  readonly role: "assistant";
  readonly content: readonly object[];
  readonly stop_reason: string | null;
  readonly stop_sequence?: string | null;
}

/** One server-sent event of a streamed reply (`Anthropic.RawMessageStreamEvent` is assignable). */
export interface StreamEvent {
  readonly type: string;
  readonly index?: number;
  readonly message?: object;
  readonly content_block?: object;
  readonly delta?: object;
}

/**
 * Request options the loops give the client: the caller's signal, so aborting it cancels the HTTP request,
 * and with `switchTools` the `anthropic-beta` header.
 */
export interface ClientRequestOptions {
  signal?: HostAbortSignal;
  headers?: { [name: string]: string };
}

/** The client of `runTools` and `runLegacyTools`: `new Anthropic()` from `@anthropic-ai/sdk`. */
export interface MessagesClient {
  readonly messages: {
    create(body: RunRequest & { stream?: false }, options?: ClientRequestOptions): PromiseLike<ModelMessage>;
  };
}

/** The client of `runToolsStreaming`: `new Anthropic()` from `@anthropic-ai/sdk`. */
export interface StreamingMessagesClient {
  readonly messages: {
    create(
      body: RunRequest & { stream: true },
      options?: ClientRequestOptions,
    ): PromiseLike<AsyncIterable<StreamEvent>>;
  };
}

/** What the loops need of a dispatcher (every `Dispatcher<C>` has it). */
export interface RunDispatcher<C> {
  dispatch(toolUse: ToolUseBlock, options?: DispatchOptions<C>): Promise<ToolResultBlock>;
  dispatchFunctionCalls(text: string, options?: DispatchOptions<C>): Promise<string>;
}

/** `context` is required when the dispatcher's context type does not admit undefined. */
export type ContextOption<C> = undefined extends C ? { context?: C } : { context: C };

interface LoopOptionsBase<C, N extends string> {
  request: RunRequest<N>;
  /** Model calls at most (default 10). */
  maxIterations?: number;
  /** Aborting it cancels the request in flight and the running handlers; the loop then rejects. */
  signal?: HostAbortSignal;
  /** A handler still running after this many ms is answered is_error ("timed out after N ms"). */
  timeoutMs?: number;
  /** The dispatcher to run the calls with (default: the ready `dispatcher`, wired to the handler files). */
  dispatcher?: RunDispatcher<C>;
  /**
   * Goes on from a run that stopped with `inputRequired`: `request.messages` is that run's `messages`
   * (ending with the reply whose calls asked), `results` its `inputRequired.results`, `inputResponses`
   * the answers by tool_use id (each keyed as that call's `inputRequests`). The calls that asked are
   * made again with their answers (and their `requestState`); the others keep their results.
   */
  resume?: RunResume;
  /**
   * Switches the tools offered between turns and keeps the prompt cache: the request's `tools` stay as
   * sent, and the change goes into `messages` (runtime/tool-changes.ts). Called after each turn's results,
   * before the next request; the tools it returns (a toolset module's `tools`, the tools under another
   * deferral plan) are offered from then on, through the `tool_addition` and `tool_removal` blocks of a
   * system message. Undefined keeps the tools. Every request of the run, the first included, then carries
   * the `anthropic-beta: inline-tools-2026-09-15` header, and a call to a tool not offered is answered is_error.
   */
  switchTools?: (turn: ToolSwitchTurn) => SwitchedTools | PromiseLike<SwitchedTools>;
}

/** What `switchTools` answers: the tools to offer from the next request on, or undefined to keep them. */
export type SwitchedTools = readonly object[] | undefined;

/** What `switchTools` is called with, between two turns. */
export interface ToolSwitchTurn {
  /** Model calls made so far. */
  iterations: number;
  /** The conversation so far, ending with the results of the last reply's calls. */
  messages: readonly MessageParam[];
  /** The tools offered now: the request's `tools` with every switch so far applied. */
  tools: readonly object[];
}

/** See `resume` of the run options. */
export interface RunResume {
  results: readonly ToolResultBlock[];
  inputResponses: { readonly [toolUseId: string]: { readonly [key: string]: unknown } };
}

/** A turn of calls some of which returned `inputRequired(...)`: the loop stopped to let the application ask. */
export interface PendingInput {
  /** The calls that asked, in the reply's order: the tool_use id, the tool, and what it asks. */
  calls: Array<{ toolUseId: string; toolName: string; request: InputRequired }>;
  /** Every result of the turn, in the order of the reply's tool_use blocks (pass it back as `resume.results`). */
  results: ToolResultBlock[];
}

export type RunOptions<C = unknown, N extends string = string> = LoopOptionsBase<C, N> &
  ContextOption<C> & { client: MessagesClient };

export type StreamingRunOptions<C = unknown, N extends string = string> = LoopOptionsBase<C, N> &
  ContextOption<C> & {
    client: StreamingMessagesClient;
    /** Sees every event as it arrives (to show text as it streams). */
    onEvent?: (event: StreamEvent) => void;
  };

export interface RunResult {
  /** The model's last reply. */
  message: ModelMessage;
  /** The whole conversation: the request's messages, then every reply and every turn of results. */
  messages: MessageParam[];
  /** Model calls made. */
  iterations: number;
  /**
   * True when the loop stopped at `maxIterations` while the model was still calling tools. The
   * calls of the last reply were run and their results appended, so `messages` can be sent again.
   */
  limitReached: boolean;
  /**
   * Set when calls of the last reply returned `inputRequired(...)`: the loop stopped before sending the
   * results (they are not in `messages`). Ask the user, then run again with `resume` to go on.
   */
  inputRequired?: PendingInput;
}

/** What a generated index binds the loops to. */
export interface RunDefaults {
  readonly tools: readonly object[];
  readonly dispatcher: RunDispatcher<unknown>;
}

export interface LegacyRunDefaults {
  readonly dispatcher: RunDispatcher<unknown>;
  readonly systemPrompt: string;
  readonly stopSequence: string;
}

export const DEFAULT_MAX_ITERATIONS = 10;

function checkLimit(maxIterations: unknown): number {
  if (maxIterations === undefined) return DEFAULT_MAX_ITERATIONS;
  if (typeof maxIterations !== "number" || !Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new RangeError(`toolgen: maxIterations must be a positive integer (got ${String(maxIterations)})`);
  }
  return maxIterations;
}

function throwIfAborted(signal: AbortSignalLike | undefined): void {
  if (signal === undefined || !signal.aborted) return;
  if (signal.reason instanceof Error) throw signal.reason;
  const error = new Error("toolgen: the run was aborted");
  error.name = "AbortError";
  throw error;
}

function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}

/**
 * Throws when the reply is not one the Messages API sends: its content is not an array of blocks,
 * a tool_use block has no string id and name, or it stopped for tool_use with no tool_use block
 * (answering it would send an empty user turn). The last two only when `tools` (not the legacy loop).
 */
function checkReply(message: ModelMessage, tools: boolean): void {
  if (!isRecord(message) || Array.isArray(message))
    throw new Error(`toolgen: the reply is not a message object (got ${kindOf(message)})`);
  const content: unknown = message.content;
  if (!Array.isArray(content))
    throw new Error(`toolgen: the reply's content is not an array of content blocks (got ${kindOf(content)})`);
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    if (!isRecord(block) || Array.isArray(block))
      throw new Error(`toolgen: the reply's content block ${i} is not an object (got ${kindOf(block)})`);
    if (
      tools &&
      block["type"] === "tool_use" &&
      (typeof block["id"] !== "string" || typeof block["name"] !== "string")
    ) {
      // Its result could name no call: the API refuses the next request.
      throw new Error(`toolgen: the reply's content block ${i} is a tool_use block without a string id and name`);
    }
  }
  if (tools && message.stop_reason === "tool_use" && !hasToolUse(message)) {
    throw new Error("toolgen: the reply stopped for tool_use but holds no tool_use block");
  }
}

/**
 * Runs every tool_use block of `content` concurrently; the results come back in the blocks' order.
 * Blocks in `unrunnable` are answered with their reason instead. With `stop_reason: "max_tokens"`
 * the last block, if it is a tool_use, was cut off: its input may look complete but is not, and it
 * is answered as cut off, whether its streamed text parsed or not.
 */
function runCalls<C>(
  message: ModelMessage,
  dispatcher: RunDispatcher<C>,
  options: DispatchOptions<C>,
  unrunnable: ReadonlyMap<object, string>,
): Promise<ToolResultBlock[]> {
  const content = message.content;
  const last = content[content.length - 1];
  const jobs: Promise<ToolResultBlock>[] = [];
  for (const block of content) {
    if (!isRecord(block) || block["type"] !== "tool_use") continue;
    const id = typeof block["id"] === "string" ? block["id"] : "";
    const name = typeof block["name"] === "string" ? block["name"] : "";
    const reason = message.stop_reason === "max_tokens" && block === last ? cutOffMessage(name) : unrunnable.get(block);
    if (reason !== undefined) jobs.push(Promise.resolve(errorResult(id, reason)));
    else jobs.push(dispatcher.dispatch({ type: "tool_use", id, name, input: block["input"] }, options));
  }
  return Promise.all(jobs);
}

function hasToolUse(message: ModelMessage): boolean {
  return message.content.some((b) => isRecord(b) && b["type"] === "tool_use");
}

/** The model wants results: it stopped to call tools, or was cut off inside a tool call (which must be answered). */
function wantsResults(message: ModelMessage): boolean {
  return message.stop_reason === "tool_use" || (message.stop_reason === "max_tokens" && hasToolUse(message));
}

/** The calls of `results` that returned `inputRequired(...)`, or undefined when none did. */
function pendingOf(message: ModelMessage, results: ToolResultBlock[]): PendingInput | undefined {
  const names = new Map<string, string>();
  for (const block of message.content) {
    if (
      isRecord(block) &&
      block["type"] === "tool_use" &&
      typeof block["id"] === "string" &&
      typeof block["name"] === "string"
    )
      names.set(block["id"], block["name"]);
  }
  const calls: PendingInput["calls"] = [];
  for (const r of results) {
    if (r.input_required !== undefined)
      calls.push({ toolUseId: r.tool_use_id, toolName: names.get(r.tool_use_id) ?? "", request: r.input_required });
  }
  return calls.length === 0 ? undefined : { calls, results };
}

/** The reply `resume` goes on from: the last message, an assistant turn of content blocks. */
function resumedReply(messages: readonly MessageParam[]): ModelMessage {
  const last = messages[messages.length - 1];
  if (last === undefined || last.role !== "assistant" || typeof last.content === "string") {
    throw new Error(
      "toolgen: resume: request.messages must end with the assistant reply whose calls asked for input " +
        "(the stopped run's messages)",
    );
  }
  return { role: "assistant", content: last.content, stop_reason: "tool_use" };
}

/** Makes again the calls of `resume.results` that asked for input, with their answers; keeps the other results. */
function resumeCalls<C>(
  reply: ModelMessage,
  resume: RunResume,
  dispatcher: RunDispatcher<C>,
  options: DispatchOptions<C>,
): Promise<ToolResultBlock[]> {
  const uses = new Map<string, { readonly [key: string]: unknown }>();
  for (const block of reply.content)
    if (isRecord(block) && block["type"] === "tool_use" && typeof block["id"] === "string")
      uses.set(block["id"], block);
  return Promise.all(
    resume.results.map((result) => {
      const asked = result.input_required;
      if (asked === undefined) return result;
      const id = result.tool_use_id;
      const use = uses.get(id);
      if (use === undefined)
        throw new Error(`toolgen: resume: the last assistant message holds no tool_use block with the id '${id}'`);
      const responses = Object.prototype.hasOwnProperty.call(resume.inputResponses, id)
        ? resume.inputResponses[id]
        : undefined;
      const name = typeof use["name"] === "string" ? use["name"] : "";
      return dispatcher.dispatch(
        { type: "tool_use", id, name, input: use["input"] },
        { ...options, inputResponses: responses, requestState: asked.requestState },
      );
    }),
  );
}

type Turn = (
  body: RunRequest,
  messages: readonly MessageParam[],
) => Promise<{ message: ModelMessage; unrunnable: ReadonlyMap<object, string> }>;

/**
 * The options each request is sent with: the caller's signal and, when the run switches tools, the
 * `anthropic-beta` header (after the request's own `betas`, for a `client.beta` client).
 */
function requestOptionsOf(
  options: { signal?: HostAbortSignal; switchTools?: unknown },
  body: object,
): ClientRequestOptions {
  const requestOptions: ClientRequestOptions = options.signal === undefined ? {} : { signal: options.signal };
  if (options.switchTools === undefined) return requestOptions;
  const own: unknown = (body as { betas?: unknown }).betas;
  const betas = Array.isArray(own) ? own.filter((b): b is string => typeof b === "string") : [];
  const header = [...new Set([...betas, INLINE_TOOLS_BETA])].join(",");
  return { ...requestOptions, headers: { "anthropic-beta": header } };
}

/** The message an offered-tools check answers a call to a tool not offered now with. */
function notOfferedMessage(name: string, offered: readonly string[]): string {
  const shown = offered.slice(0, 20).join(", ");
  const more = offered.length > 20 ? `, and ${offered.length - 20} more` : "";
  return `Error: the tool '${name.slice(0, 128)}' is not offered now (the tools offered: ${shown}${more})`;
}

/** `unrunnable`, with every tool_use block of `message` that calls a tool not in `offered` answered as such. */
function refuseNotOffered(
  message: ModelMessage,
  offered: readonly object[],
  unrunnable: ReadonlyMap<object, string>,
): ReadonlyMap<object, string> {
  const names: string[] = [];
  for (const t of offered) if (isRecord(t) && typeof t["name"] === "string") names.push(t["name"]);
  const refused = new Map(unrunnable);
  for (const block of message.content) {
    if (!isRecord(block) || block["type"] !== "tool_use" || refused.has(block)) continue;
    const name = typeof block["name"] === "string" ? block["name"] : "";
    if (!names.includes(name)) refused.set(block, notOfferedMessage(name, names));
  }
  return refused;
}

/** Asks `switchTools` for the next tools and appends the system message that switches to them, if any. */
async function switchBetween(
  switchTools: NonNullable<LoopOptionsBase<unknown, string>["switchTools"]>,
  tools: readonly object[],
  messages: MessageParam[],
  iterations: number,
): Promise<void> {
  const offered = toolsOffered({ tools, messages });
  const next = await switchTools({ iterations, messages: messages.slice(), tools: offered });
  if (next === undefined) return;
  const blocks = toolChanges({ tools, messages }, next);
  if (blocks.length > 0) messages.push({ role: "system", content: blocks });
}

async function loop<C, N extends string>(
  options: LoopOptionsBase<C, N> & { context?: C },
  dispatcher: RunDispatcher<C>,
  body: RunRequest,
  turn: Turn,
): Promise<RunResult> {
  const limit = checkLimit(options.maxIterations);
  const signal = options.signal;
  const dispatchOptions: DispatchOptions<C> = { context: options.context, signal, timeoutMs: options.timeoutMs };
  const messages: MessageParam[] = [...body.messages];
  const switchTools = options.switchTools;
  const tools = body.tools ?? [];
  // Results were just appended: the point between two turns, where `switchTools` may switch.
  let between = false;
  if (options.resume !== undefined) {
    const reply = resumedReply(messages);
    const results = await resumeCalls(reply, options.resume, dispatcher, dispatchOptions);
    throwIfAborted(signal);
    const pending = pendingOf(reply, results);
    if (pending !== undefined)
      return { message: reply, messages, iterations: 0, limitReached: false, inputRequired: pending };
    messages.push({ role: "user", content: results });
    between = true;
  }
  for (let iterations = 1; ; iterations++) {
    if (switchTools !== undefined && between) await switchBetween(switchTools, tools, messages, iterations - 1);
    throwIfAborted(signal);
    const turned = await turn(body, messages);
    const message = turned.message;
    checkReply(message, true);
    const unrunnable =
      switchTools === undefined
        ? turned.unrunnable
        : refuseNotOffered(message, toolsOffered({ tools, messages }), turned.unrunnable);
    messages.push({ role: "assistant", content: message.content });
    if (!wantsResults(message)) return { message, messages, iterations, limitReached: false };
    const results = await runCalls(message, dispatcher, dispatchOptions, unrunnable);
    throwIfAborted(signal);
    const pending = pendingOf(message, results);
    if (pending !== undefined) return { message, messages, iterations, limitReached: false, inputRequired: pending };
    messages.push({ role: "user", content: results });
    between = true;
    if (iterations >= limit) return { message, messages, iterations, limitReached: true };
  }
}

/**
 * The agent loop: sends `request` with the tools, runs every tool_use of the reply (validated,
 * concurrently, results in order), appends the results, and repeats until `stop_reason` is not
 * `tool_use` or `maxIterations` model calls were made. `tool_choice` (with `disable_parallel_tool_use`)
 * and every other request parameter pass through.
 */
export function runToolsWith<C, N extends string>(
  defaults: RunDefaults,
  options: RunOptions<C, N>,
): Promise<RunResult> {
  const dispatcher: RunDispatcher<C> = options.dispatcher ?? defaults.dispatcher;
  const body: RunRequest = { ...options.request, tools: options.request.tools ?? defaults.tools };
  const client = options.client;
  const requestOptions = requestOptionsOf(options, body);
  return loop(options, dispatcher, body, async (b, messages) => {
    const message = await client.messages.create({ ...b, messages: messages.slice(), stream: false }, requestOptions);
    return { message, unrunnable: new Map() };
  });
}

/**
 * The same loop over a streamed reply (`stream: true`; the SDK's server-sent-event stream). The
 * reply is assembled here from the raw events rather than by the SDK's `client.messages.stream()`
 * helper, because that helper (1.12.0, lib/MessageStream accumulating `input_json_delta` through
 * internal/message-stream-utils' partialParse) throws on an input that is not valid JSON, losing the
 * rest of the reply, and repairs a cut-off input into a complete-looking one. Here a tool input is
 * parsed once, whole, when its block ends: invalid or cut off (no content_block_stop, or the last
 * block of a `max_tokens` reply), it is answered with an is_error result the model can act on.
 * An event out of the protocol's order (stream-reply.ts) rejects the loop at once.
 */
export function runToolsStreamingWith<C, N extends string>(
  defaults: RunDefaults,
  options: StreamingRunOptions<C, N>,
): Promise<RunResult> {
  const dispatcher: RunDispatcher<C> = options.dispatcher ?? defaults.dispatcher;
  const body: RunRequest = { ...options.request, tools: options.request.tools ?? defaults.tools };
  const client = options.client;
  const onEvent = options.onEvent;
  const requestOptions = requestOptionsOf(options, body);
  return loop(options, dispatcher, body, async (b, messages) => {
    const events = await client.messages.create({ ...b, messages: messages.slice(), stream: true }, requestOptions);
    const assembler = new ReplyAssembler();
    for await (const event of events) {
      assembler.add(event);
      if (onEvent !== undefined) onEvent(event);
    }
    return assembler.finish();
  });
}

function textOf(message: ModelMessage): string {
  let text = "";
  for (const block of message.content) {
    if (isRecord(block) && block["type"] === "text" && typeof block["text"] === "string") text += block["text"];
  }
  return text;
}

/**
 * The loop for the legacy prompt-based format: the legacy system prompt goes before the request's
 * own system prompt, `</function_calls>` is added to the stop sequences, and a reply cut there is
 * answered with a `<function_results>` user turn. It ends when a reply does not stop at the stop
 * sequence, holds no call, or after `maxIterations` model calls.
 */
export async function runLegacyToolsWith<C, N extends string>(
  defaults: LegacyRunDefaults,
  options: RunOptions<C, N>,
): Promise<RunResult> {
  const dispatcher: RunDispatcher<C> = options.dispatcher ?? defaults.dispatcher;
  const limit = checkLimit(options.maxIterations);
  // The legacy format cannot carry input_required: a handler's inputRequired(...) reaches the model as its text.
  if (options.resume !== undefined)
    throw new Error("toolgen: resume is for runTools and runToolsStreaming; the legacy loop never stops for input");
  // The legacy format sends no `tools`: there is nothing to switch.
  if (options.switchTools !== undefined)
    throw new Error("toolgen: switchTools is for runTools and runToolsStreaming; the legacy loop sends no tools");
  const { request, client, signal } = options;
  const stop = defaults.stopSequence;
  const own = request.system;
  const system: RunRequest["system"] =
    own === undefined || own === ""
      ? defaults.systemPrompt
      : typeof own === "string"
        ? `${defaults.systemPrompt}\n\n${own}`
        : [{ type: "text", text: defaults.systemPrompt }, ...own];
  const stopSequences = [...(request.stop_sequences ?? []).filter((s) => s !== stop), stop];
  const body: RunRequest = { ...request, system, stop_sequences: stopSequences };
  const requestOptions: ClientRequestOptions = signal === undefined ? {} : { signal };
  const dispatchOptions: DispatchOptions<C> = { context: options.context, signal, timeoutMs: options.timeoutMs };
  const messages: MessageParam[] = [...request.messages];
  for (let iterations = 1; ; iterations++) {
    throwIfAborted(signal);
    const message = await client.messages.create(
      { ...body, messages: messages.slice(), stream: false },
      requestOptions,
    );
    checkReply(message, false);
    const cut = message.stop_reason === "stop_sequence" && message.stop_sequence === stop;
    // The stop sequence is not part of the reply: put it back so the transcript holds a whole block.
    const text = cut ? `${textOf(message)}${stop}` : textOf(message);
    messages.push({ role: "assistant", content: text === "" ? message.content : text });
    const results = cut ? await dispatcher.dispatchFunctionCalls(text, dispatchOptions) : "";
    throwIfAborted(signal);
    if (results === "") return { message, messages, iterations, limitReached: false };
    messages.push({ role: "user", content: results });
    if (iterations >= limit) return { message, messages, iterations, limitReached: true };
  }
}
