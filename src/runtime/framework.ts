// toolgen runtime: one tool call of an agent framework (the AI SDK, the OpenAI Agents SDK, Mastra...)
// run through a toolgen dispatcher, so a framework's tools share dispatch's handlers, validators,
// repair, messages and result sanitising. Copied verbatim into generated output; imports nothing
// but its sibling files.
//
// For the modules of the framework outputs (src/targets/<framework>/), which share one shape:
// `create<X>Tools(dispatcher)` makes the framework's tools over a dispatcher, and `tools` is that over the
// ready `dispatcher` of index.ts. Each tool's `execute` (or `invoke`, `run`...) calls
// `runFrameworkCall(dispatcher, { toolName, input, callId, signal, context })` with what the framework
// hands it, and then
// - on `{ ok: true, content }`: returns `content` (a string, or text and image blocks; undefined when
//   the handler returned nothing) where the framework takes Anthropic's blocks, or the content in the
//   framework's own blocks: `frameworkContent(content, format)` (or `frameworkBlocks`), with the
//   module's `BlockFormat` (its text block and its image block), or `frameworkText(content)` where the
//   framework takes a string. These are the one content mapper: a module declares its format, never
//   a mapper of its own;
// - on `{ ok: false, message }`: gives the framework toolgen's message the way it reports a failed
//   call to the model: `throw new ToolCallFailed(message)` where the framework sends a thrown error's
//   message back (the AI SDK, the OpenAI Agents SDK), or returns `message` as an error result.
// The dispatcher validates the input again: a framework that validated with standard-schema.ts
// passes what `validate` returned (an input dispatch would repair, repaired), which validates at
// once. Never rejects.

import type { AbortSignalLike, Dispatcher, ToolResultContent } from "./dispatch.js";

/** One call as a framework hands it to a tool. */
export interface FrameworkCall {
  readonly toolName: string;
  /** The input as the framework parsed (or validated) it. */
  readonly input: unknown;
  /**
   * The framework's id of the call (`toolCallId`...): the handler's `context.toolUseId`. A fresh `call_<n>` when
   * undefined.
   */
  readonly callId?: string | undefined;
  /**
   * The framework's abort signal: aborting it aborts the handler's `context.signal`, and the call is answered
   * "aborted".
   */
  readonly signal?: AbortSignalLike | undefined;
  /** The handler's `context.context` (the framework's run context, or the application's). */
  readonly context?: unknown;
  /** As dispatch's `timeoutMs`: a handler still running after this many milliseconds is answered with an error. */
  readonly timeoutMs?: number | undefined;
}

/**
 * What the call gave: the handler's content, or toolgen's message for the model (validation, handler error, timeout,
 * abort).
 */
export type FrameworkOutcome =
  | { readonly ok: true; readonly content: ToolResultContent | undefined }
  | { readonly ok: false; readonly message: string };

/**
 * The error a framework tool throws with toolgen's message, for the frameworks that send a thrown
 * error's message to the model. Its message is what dispatch would send (no path, no stack).
 */
export class ToolCallFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolCallFailed";
  }

  /** The message alone: frameworks that send `String(error)` (the AI SDK) then send toolgen's message as it is. */
  override toString(): string {
    return this.message;
  }
}

let calls = 0;

/** Runs one call through `dispatcher` (handler, validation, repair, messages as dispatch); never rejects. */
export async function runFrameworkCall(dispatcher: Dispatcher, call: FrameworkCall): Promise<FrameworkOutcome> {
  const id = call.callId ?? `call_${++calls}`;
  // One object, its unset fields undefined (dispatch reads them so): no copies per call.
  const options = { context: call.context, signal: call.signal, timeoutMs: call.timeoutMs };
  const block = await dispatcher.dispatch({ type: "tool_use", id, name: call.toolName, input: call.input }, options);
  if (block.is_error === true) return { ok: false, message: frameworkText(block.content) };
  return { ok: true, content: block.content };
}

/** An image block of a handler's content, as a `BlockFormat` reads it. */
export interface ImageData {
  /** Base64. */
  readonly data: string;
  readonly mediaType: string;
}

/**
 * How a framework spells a handler's text and image blocks: what a framework module declares, the one
 * difference between the frameworks' content.
 */
export interface BlockFormat<B> {
  readonly text: (text: string) => B;
  readonly image: (image: ImageData) => B;
}

/** Whether `value` is a handler's blocks (rather than a value a tool with an output schema returned). */
export function isContentBlocks(value: unknown): value is Exclude<ToolResultContent, string> {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  return typeof first === "object" && first !== null && "type" in first;
}

/** Content in a framework's blocks, `format`'s: a string (no content: "") stays a string. */
export function frameworkContent<B>(content: ToolResultContent | undefined, format: BlockFormat<B>): string | B[] {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((b) =>
    b.type === "text" ? format.text(b.text) : format.image({ data: b.source.data, mediaType: b.source.media_type }),
  );
}

/** Content as blocks alone, for frameworks that take no string: a string is one text block, no content none. */
export function frameworkBlocks<B>(content: ToolResultContent | undefined, format: BlockFormat<B>): B[] {
  if (content === undefined) return [];
  const mapped = frameworkContent(content, format);
  return typeof mapped === "string" ? [format.text(mapped)] : mapped;
}

/**
 * A tool with an output schema: its handler's value, read back from dispatch's JSON text of it (text that is no
 * JSON stays text, blocks stay blocks), for frameworks that check the value against the schema.
 */
export function frameworkValue(content: ToolResultContent | undefined): unknown {
  if (typeof content !== "string") return content;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return content;
  }
}

/** Text as text, an image as a note of its type: the blocks of `frameworkText`. */
const TEXT: BlockFormat<string> = { text: (text) => text, image: (image) => `[image: ${image.mediaType}]` };

/** Content as one string, for frameworks that take text: text blocks joined by newlines, an image as a note. */
export function frameworkText(content: ToolResultContent | undefined): string {
  const mapped = frameworkContent(content, TEXT);
  return typeof mapped === "string" ? mapped : mapped.join("\n");
}
