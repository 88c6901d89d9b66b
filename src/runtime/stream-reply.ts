// toolgen runtime: a streamed reply, assembled from the Messages API's server-sent events for
// runToolsStreaming (run.ts), and the protocol those events follow. Copied verbatim into generated
// output; imports nothing but its sibling files.

import type { ModelMessage, StreamEvent } from "./run.js";

function isRecord(v: unknown): v is { readonly [key: string]: unknown } {
  return typeof v === "object" && v !== null;
}

/** The is_error text for a tool_use block cut off by max_tokens, streamed or not. */
export function cutOffMessage(name: string): string {
  return (
    `Error: the input of tool '${name}' was cut off: the reply reached max_tokens before the input was complete, ` +
    `so the tool did not run. Call it again with the whole input (shorter, if it can be).`
  );
}

/** What a value is, for a protocol error ("null", "a string", ...): never the value, which may be long. */
export function kindOf(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return "an array";
  return /^[aeiou]/.test(typeof v) ? `an ${typeof v}` : `a ${typeof v}`;
}

/** `index` as a protocol error names it: "index 3", `index "0"`, "no index", "an index of type object". */
function describeIndex(index: unknown): string {
  if (index === undefined) return "no index";
  if (typeof index === "number" || index === null) return `index ${String(index)}`;
  if (typeof index === "string") {
    return `index ${JSON.stringify(index.length > 20 ? `${index.slice(0, 20)}…` : index)}`;
  }
  return `an index of type ${Array.isArray(index) ? "array" : typeof index}`;
}

/** The events whose order the protocol fixes; others (`ping`, types added later) are passed over. */
const ORDERED_EVENTS: ReadonlySet<string> = new Set([
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
]);

/**
 * Builds a reply from stream events, keeping each tool input's raw JSON text until its block ends.
 * The Messages API streams one block at a time, its start, deltas and stop all carrying its index:
 * 0, 1, 2, ... in order (the SDK's MessageStream pushes each started block and reads deltas at
 * `content.at(index)`). An event that breaks this order is a protocol error, thrown at once: no
 * index is ever used to size anything.
 */
export class ReplyAssembler {
  private readonly blocks: Array<Record<string, unknown>> = [];
  /** Each tool_use block's input JSON text so far, by index. */
  private readonly json = new Map<number, string>();
  private readonly stopped = new Set<number>();
  /** The index of the block started and not yet stopped. */
  private open: number | undefined = undefined;
  private stopReason: string | null = null;
  private stopSequence: string | null = null;
  private started = false;
  private ended = false;

  add(event: StreamEvent): void {
    if (!isRecord(event) || Array.isArray(event))
      throw new Error(`toolgen: the stream sent an event that is not an object (got ${kindOf(event)})`);
    const type = event.type;
    const index: unknown = event.index;
    if (type === "message_start") {
      if (this.started) throw new Error("toolgen: the stream has a second message_start event");
      this.started = true;
      return;
    }
    if (!ORDERED_EVENTS.has(type)) return; // a ping, or an event type newer than this loop
    if (!this.started) throw new Error(`toolgen: the stream's ${type} event came before its message_start event`);
    if (this.ended) throw new Error(`toolgen: the stream's ${type} event came after its message_stop event`);
    switch (type) {
      case "content_block_start": {
        const next = this.blocks.length;
        if (index !== next)
          throw new Error(`toolgen: the stream's ${type} event has ${describeIndex(index)} where ${next} was expected`);
        if (this.open !== undefined)
          throw new Error(
            `toolgen: the stream's ${type} event for block ${next} came while block ${this.open} was open`,
          );
        const content = event.content_block;
        if (!isRecord(content) || Array.isArray(content))
          throw new Error(`toolgen: the stream's ${type} event for block ${next} has no content_block object`);
        const block: Record<string, unknown> = { ...content };
        this.blocks.push(block);
        this.open = next;
        // The start event carries `input: {}`; the input arrives as input_json_delta text.
        if (block["type"] === "tool_use") this.json.set(next, "");
        return;
      }
      case "content_block_delta":
      case "content_block_stop": {
        const open = this.open;
        if (open === undefined || index !== open) {
          const expected = open === undefined ? "no content block is open" : `${open} was expected`;
          throw new Error(`toolgen: the stream's ${type} event has ${describeIndex(index)} where ${expected}`);
        }
        if (type === "content_block_stop") {
          this.stopped.add(open);
          this.open = undefined;
        } else {
          this.addDelta(open, event.delta);
        }
        return;
      }
      case "message_delta": {
        const delta = event.delta;
        if (!isRecord(delta)) return;
        if (typeof delta["stop_reason"] === "string") this.stopReason = delta["stop_reason"];
        if (typeof delta["stop_sequence"] === "string") this.stopSequence = delta["stop_sequence"];
        return;
      }
      case "message_stop":
        this.ended = true;
    }
  }

  private addDelta(index: number, delta: unknown): void {
    const block = this.blocks[index];
    if (block === undefined || !isRecord(delta)) return;
    if (delta["type"] === "text_delta" && typeof delta["text"] === "string") {
      block["text"] = `${typeof block["text"] === "string" ? block["text"] : ""}${delta["text"]}`;
    } else if (
      delta["type"] === "input_json_delta" &&
      typeof delta["partial_json"] === "string" &&
      this.json.has(index)
    ) {
      this.json.set(index, `${this.json.get(index) ?? ""}${delta["partial_json"]}`);
    } else if (delta["type"] === "thinking_delta" && typeof delta["thinking"] === "string") {
      block["thinking"] = `${typeof block["thinking"] === "string" ? block["thinking"] : ""}${delta["thinking"]}`;
    } else if (delta["type"] === "signature_delta" && typeof delta["signature"] === "string") {
      block["signature"] = delta["signature"];
    } else if (delta["type"] === "citations_delta" && delta["citation"] !== undefined) {
      const list = Array.isArray(block["citations"]) ? block["citations"] : [];
      block["citations"] = [...list, delta["citation"]];
    }
  }

  finish(): { message: ModelMessage; unrunnable: ReadonlyMap<object, string> } {
    if (!this.started) throw new Error("toolgen: the stream ended without a message_start event");
    // A stream cut short (a dropped connection) is not a reply: its stop_reason is unknown.
    if (!this.ended) throw new Error("toolgen: the stream ended before its message_stop event");
    const unrunnable = new Map<object, string>();
    for (const [index, block] of this.blocks.entries()) {
      const raw = this.json.get(index);
      if (raw === undefined) continue;
      const name = typeof block["name"] === "string" ? block["name"] : "";
      const parsed = parseInput(raw);
      if (!this.stopped.has(index)) {
        unrunnable.set(block, cutOffMessage(name));
        block["input"] = {};
      } else if (typeof parsed !== "string") {
        block["input"] = parsed;
      } else {
        unrunnable.set(
          block,
          `Error: the input of tool '${name}' is not a valid JSON object (${parsed}), so the tool did not run. ` +
            `Call it again with a complete, valid input.`,
        );
        // The API takes a tool_use block back only with an object input.
        block["input"] = {};
      }
    }
    const message: ModelMessage = {
      role: "assistant",
      content: this.blocks,
      stop_reason: this.stopReason,
      stop_sequence: this.stopSequence,
    };
    return { message, unrunnable };
  }
}

/** Parses a tool input's whole JSON text (empty text: a tool without input, `{}`); a string is why it cannot. */
function parseInput(raw: string): object | string {
  if (raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  if (!isRecord(value) || Array.isArray(value)) return "the JSON text is not an object";
  return value;
}
