// toolgen runtime: toolset switches that keep the prompt cache. A request's `tools` stay as the first
// request sent them; a change of the tools offered between turns (another toolset, another deferral
// plan) goes into `messages` as `tool_addition` and `tool_removal` blocks (@anthropic-ai/sdk 1.14's
// BetaRequestToolAdditionBlock and BetaRequestToolRemovalBlock), so each request starts with the bytes
// of the one before it. Copied verbatim into generated output; imports nothing but its sibling files.

import { equal } from "./ajv.js";
import { isRecord } from "./dispatch.js";

/**
 * The beta the blocks need: @anthropic-ai/sdk 1.14's `AnthropicBeta` names it, and its tool runner's
 * `addTools` and `removeTools`, which send the same blocks, say they require it.
 */
export const INLINE_TOOLS_BETA = "inline-tools-2026-09-15";

/** A tool by the name the model calls it: one of the request's `tools`, or one a `tool_addition` block defined. */
export interface ToolReference {
  type: "tool_reference";
  name: string;
}

/**
 * Offers a tool from this point of `messages` on: by reference, or by its whole definition (a `tools`
 * entry, typed as the entries given: `Anthropic.Beta.BetaToolUnion` gives the SDK's block type).
 */
export interface ToolAdditionBlock<T extends object = object> {
  type: "tool_addition";
  tool: ToolReference | { type: "tool_definition"; definition: T };
}

/** Withdraws a tool from this point of `messages` on. */
export interface ToolRemovalBlock {
  type: "tool_removal";
  tool: ToolReference;
}

export type ToolChangeBlock<T extends object = object> = ToolAdditionBlock<T> | ToolRemovalBlock;

/** What a request offers tools with: its `tools`, and the messages whose blocks change them. */
export interface ToolsRequest {
  tools?: readonly object[] | undefined;
  /** A system message's `content` may be left out (`Anthropic.Beta.BetaMessageParam` is assignable). */
  messages: readonly { readonly content?: string | readonly object[] | undefined }[];
}

interface Offer {
  /** The named tools offered, by name, in the order they came. */
  offered: Map<string, object>;
  /** Each name's last definition sent (in `tools` or by value): what a reference to it names. */
  defined: Map<string, object>;
  /** The entries with no name (an MCP toolset): they cannot be switched, only kept. */
  nameless: object[];
}

function nameOf(entry: unknown): string | undefined {
  return isRecord(entry) && typeof entry["name"] === "string" ? entry["name"] : undefined;
}

function referenceName(tool: unknown): string | undefined {
  return isRecord(tool) && tool["type"] === "tool_reference" ? nameOf(tool) : undefined;
}

/** The tools offered at the end of `request.messages`: its `tools`, with every change block applied in order. */
function replay(request: ToolsRequest): Offer {
  const offer: Offer = { offered: new Map(), defined: new Map(), nameless: [] };
  for (const entry of request.tools ?? []) {
    const name = nameOf(entry);
    if (name === undefined) {
      offer.nameless.push(entry);
    } else {
      offer.offered.set(name, entry);
      offer.defined.set(name, entry);
    }
  }
  for (const message of request.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as readonly unknown[]) {
      if (!isRecord(block)) continue;
      const tool = block["tool"];
      if (block["type"] === "tool_removal") {
        const name = referenceName(tool);
        if (name !== undefined) offer.offered.delete(name);
      } else if (block["type"] === "tool_addition" && isRecord(tool) && tool["type"] === "tool_definition") {
        const definition = tool["definition"];
        const name = nameOf(definition);
        if (name === undefined || !isRecord(definition)) continue;
        offer.offered.set(name, definition);
        offer.defined.set(name, definition);
      } else if (block["type"] === "tool_addition") {
        const name = referenceName(tool);
        const definition = name === undefined ? undefined : offer.defined.get(name);
        if (name !== undefined && definition !== undefined) offer.offered.set(name, definition);
      }
    }
  }
  return offer;
}

/** The tools offered at the end of `request.messages`: its `tools`, each tool_addition and tool_removal applied. */
export function toolsOffered(request: ToolsRequest): object[] {
  const offer = replay(request);
  return [...offer.offered.values(), ...offer.nameless];
}

function describeEntry(entry: object): string {
  const type = isRecord(entry) ? entry["type"] : undefined;
  return typeof type === "string" ? `of type '${type.slice(0, 64)}'` : "with no type";
}

/**
 * The blocks that take the tools offered at the end of `request.messages` to `next`, in a system message
 * sent after them: a `tool_removal` for each tool `next` lacks, then a `tool_addition` for each tool `next`
 * adds or defines otherwise (in `next`'s order). A tool comes back by reference when its definition is the
 * one sent before (in `tools` or an earlier block), else by value; a tool whose definition changed (its
 * description, or `defer_loading` under another deferral plan) is defined again by value, as the SDK's
 * tool runner `addTools` does. Throws when `next` names a tool twice, or adds or drops an entry with no name.
 */
export function toolChanges<T extends object>(request: ToolsRequest, next: readonly T[]): ToolChangeBlock<T>[] {
  const now = replay(request);
  const wanted = new Map<string, T>();
  const nameless: T[] = [];
  for (const entry of next) {
    const name = nameOf(entry);
    if (name === undefined) nameless.push(entry);
    else if (wanted.has(name)) throw new Error(`toolgen: the next tools name '${name.slice(0, 128)}' twice`);
    else wanted.set(name, entry);
  }
  const unmatched = [
    ...nameless.filter((e) => !now.nameless.some((o) => equal(o, e))),
    ...now.nameless.filter((o) => !nameless.some((e) => equal(o, e))),
  ];
  if (unmatched[0] !== undefined) {
    throw new Error(
      `toolgen: a tools entry with no name (${describeEntry(unmatched[0])}) cannot be added or removed between turns`,
    );
  }
  const blocks: ToolChangeBlock<T>[] = [];
  for (const name of now.offered.keys()) {
    if (!wanted.has(name)) blocks.push({ type: "tool_removal", tool: { type: "tool_reference", name } });
  }
  for (const [name, definition] of wanted) {
    const current = now.offered.get(name);
    if (current !== undefined && equal(current, definition)) continue;
    const known = now.defined.get(name);
    const same = current === undefined && known !== undefined && equal(known, definition);
    blocks.push({
      type: "tool_addition",
      tool: same ? { type: "tool_reference", name } : { type: "tool_definition", definition },
    });
  }
  return blocks;
}
