// toolgen runtime: the dispatch table (native tool_use blocks and the legacy XML format).
// Copied verbatim into generated output; imports nothing but its sibling files.

import { parseFunctionCalls, renderFunctionResults } from "./legacy.js";
import type { FunctionCall, FunctionResult, JsonSchema, LegacyConversions } from "./legacy.js";
import { inputRequiredProblem, inputRequiredText, isInputRequired } from "./input-required.js";
import type { InputRequired } from "./input-required.js";
import { describeValidationErrors } from "./messages.js";
import type { ValidationError } from "./messages.js";
import { refusedRepairs, validRepair } from "./repair.js";
import type { RepairNote } from "./repair.js";

export type { InputRequired } from "./input-required.js";
export type { JsonSchema } from "./legacy.js";
export type { ValidationError } from "./messages.js";
export type { RepairNote } from "./repair.js";

export type ValidateFunction = ((data: unknown) => boolean) & { errors?: ValidationError[] | null };

/**
 * The part of `AbortSignal` the runtime uses. The generated folder type-checks with no DOM or Node
 * types; where the project has them, handlers get the host's own `AbortSignal` (`HostAbortSignal`),
 * so `fetch(url, { signal })` compiles.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** The global `AbortSignal` type when the project declares one (DOM or Node types), else `AbortSignalLike`. */
export type HostAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : AbortSignalLike;

// Globals of every JavaScript host toolgen supports (Node >= 20, browsers, Deno, Bun), declared here
// because the generated folder must type-check without DOM or Node types.
declare const AbortController: new () => { readonly signal: HostAbortSignal; abort(reason?: unknown): void };
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(handle: unknown): void;

/** What a handler receives besides its input. `C` is the request context's type (see `DispatchOptions`). */
export interface ToolContext<C = unknown> {
  readonly toolUseId: string;
  readonly toolName: string;
  readonly protocol: "native" | "legacy";
  /** The `context` passed to dispatch / runTools (a user id, a database handle...); undefined when none was. */
  readonly context: C;
  /** Aborted when the call times out (`timeoutMs`) or the caller's `signal` aborts. */
  readonly signal: HostAbortSignal;
  /**
   * On a call made again after it returned `inputRequired(...)`: the answers, keyed as its `inputRequests`. Untrusted.
   */
  readonly inputResponses?: { readonly [key: string]: unknown } | undefined;
  /**
   * On a call made again after it returned `inputRequired(...)`: its `requestState`, as the client echoed it.
   * Untrusted.
   */
  readonly requestState?: string | undefined;
}

/** Per-request options of dispatch, dispatchAll, dispatchFunctionCalls and the run loops. */
export interface DispatchOptions<C = unknown> {
  /** Handed to every handler as `context.context`. */
  context?: C;
  /** Aborting it aborts the handlers' signals; a call still running is answered "aborted". */
  signal?: AbortSignalLike;
  /** A handler still running after this many milliseconds is answered `is_error` ("timed out after N ms"). */
  timeoutMs?: number;
  /** Overrides the dispatcher's `repair` (see `DispatcherOptions`) for these calls. */
  repair?: boolean;
  /** Overrides the dispatcher's `onRepair` for these calls. */
  onRepair?: (note: RepairNote) => void;
  /**
   * Handed to the handler as `context.inputResponses`: the answers to the `input_required` result it returned before.
   */
  inputResponses?: { readonly [key: string]: unknown } | undefined;
  /**
   * Handed to the handler as `context.requestState`: the `requestState` of the `input_required` result it returned
   * before.
   */
  requestState?: string | undefined;
}

/** Options of a whole dispatcher (`createDispatcher(handlers, options)`); per-call `DispatchOptions` override them. */
export interface DispatcherOptions {
  /**
   * Repair what models commonly get wrong, where the schema leaves one reading (default true): an
   * input the validator rejects is tried again with each string the schema rejects read as the
   * number, boolean, array or object it spells; the handler gets the repaired input when that
   * validates. `false`: the input is validated as sent.
   */
  repair?: boolean;
  /** Told of every repair (the tool, the call and the JSON pointers repaired), before the handler runs; for logging. */
  onRepair?: (note: RepairNote) => void;
}

/** The options argument: optional when `C` admits undefined, else required with its `context`. */
export type DispatchArgs<C> = undefined extends C
  ? [options?: DispatchOptions<C>]
  : [options: DispatchOptions<C> & { context: C }];

export interface TextBlock {
  type: "text";
  text: string;
}

export interface ImageBlock {
  type: "image";
  source: {
    type: "base64";
    media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
    data: string;
  };
}

export type ToolResultContent = string | Array<TextBlock | ImageBlock>;

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content?: ToolResultContent;
  is_error?: boolean;
  /**
   * Set (and `is_error` not) when the handler returned `inputRequired(...)`: the call needs more input
   * before it can finish. Not for the model: the run loops stop on it (RunResult.inputRequired), the MCP
   * server answers it as MCP's `input_required` result. `content` says in words what is asked.
   */
  input_required?: InputRequired;
}

/** A tool implementation. May return a Promise. See `toResultBlock` for how values are sent. */
export type ToolHandler<I, C = unknown> = (input: I, context: ToolContext<C>) => unknown;

/** One handler per tool of the input map `M` (tool name -> input type), for a request context `C`. */
export type ToolHandlers<M, C = unknown> = { readonly [K in keyof M]: ToolHandler<M[K], C> };

export interface RegisteredTool {
  readonly name: string;
  readonly inputSchema: JsonSchema;
  readonly loadValidator: () => ValidateFunction | Promise<ValidateFunction>;
}

/** `C`: the request context's type, handed to the handlers (`unknown` when there is none). */
export interface Dispatcher<C = unknown> {
  /** Runs one tool_use block. Never rejects. */
  dispatch(toolUse: ToolUseBlock, ...options: DispatchArgs<C>): Promise<ToolResultBlock>;
  /** Runs every tool_use block of an assistant message's content, concurrently, in order. */
  dispatchAll(content: readonly unknown[], ...options: DispatchArgs<C>): Promise<ToolResultBlock[]>;
  /** Legacy twin: reads `<function_calls>`, runs them, returns `<function_results>` ("" if none). */
  dispatchFunctionCalls(text: string, ...options: DispatchArgs<C>): Promise<string>;
  readonly toolNames: readonly string[];
}

interface Entry {
  readonly name: string;
  readonly tool: RegisteredTool;
  readonly handler: (input: unknown, context: ToolContext<unknown>) => unknown;
  validate: ValidateFunction | undefined;
  pending: Promise<ValidateFunction> | undefined;
}

const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const IMAGE_OMITTED = "[image omitted: the legacy function-calling format cannot carry images]";

/** An object (arrays included) whose keys may be read: what the run loops and adapters ask of a reply's parts. */
export function isRecord(v: unknown): v is { readonly [key: string]: unknown } {
  return typeof v === "object" && v !== null;
}

function isContentBlock(v: unknown): v is TextBlock | ImageBlock {
  if (!isRecord(v)) return false;
  if (v["type"] === "text") return typeof v["text"] === "string";
  if (v["type"] !== "image") return false;
  const s = v["source"];
  return (
    isRecord(s) &&
    s["type"] === "base64" &&
    typeof s["data"] === "string" &&
    typeof s["media_type"] === "string" &&
    IMAGE_TYPES.has(s["media_type"])
  );
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return isRecord(v) || typeof v === "function" ? typeof (v as { then?: unknown }).then === "function" : false;
}

/** `ErrorName: message` for errors, the string itself for thrown strings. Never throws. */
export function describeThrown(error: unknown): string {
  try {
    if (typeof error === "string") return error;
    if (isRecord(error) && typeof error["message"] === "string") {
      let name = typeof error["name"] === "string" && error["name"] !== "" ? error["name"] : "Error";
      if (name === "Error") {
        const ctor: unknown = (Object.getPrototypeOf(error) as { constructor?: unknown } | null)?.constructor;
        const ctorName: unknown = typeof ctor === "function" ? ctor.name : undefined;
        if (typeof ctorName === "string" && ctorName !== "" && ctorName !== "Object") name = ctorName;
      }
      return error["message"] === "" ? name : `${name}: ${error["message"]}`;
    }
    if (error === undefined || error === null) return `Error: the tool failed (it threw ${String(error)})`;
    const json = typeof error === "object" ? JSON.stringify(error) : undefined;
    return json ?? String(error);
  } catch {
    return "Error: the tool failed with an error that cannot be displayed";
  }
}

function errorBlock(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}

/**
 * How many objects and arrays deep a value dispatch and the Standard Schema `validate` take; a deeper
 * one is refused before the validator runs (its recursion would overflow the stack: a RangeError,
 * not a verdict). JSON that models and frameworks send is a few levels deep.
 */
export const MAX_VALUE_DEPTH = 128;

/**
 * valueFault's first look, which allocates nothing but each object's list of names: true when `v` is
 * surely free of faults (a tree within the depth bound whose arrays have no holes). A cycle runs into
 * the depth bound, and any fault answers false: valueFault then walks the value again to say where and what.
 */
function surelyJson(v: object, depth: number): boolean {
  if (depth >= MAX_VALUE_DEPTH) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(v, i)) return false;
      const item: unknown = v[i];
      if (typeof item === "object" && item !== null && !surelyJson(item, depth + 1)) return false;
    }
    return true;
  }
  const names = Object.getOwnPropertyNames(v);
  for (let i = 0; i < names.length; i++) {
    const item = (v as { readonly [key: string]: unknown })[names[i]!];
    if (typeof item === "object" && item !== null && !surelyJson(item, depth + 1)) return false;
  }
  return true;
}

/** Why a value is not JSON a validator can take (`valueFault`): where, as a JSON pointer, and what. */
export interface ValueFault {
  readonly pointer: string;
  readonly message: string;
}

const escapeToken = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");
/** A pointer in a message: a long one (a deep value) keeps its start. */
const shownPointer = (pointer: string): string => (pointer.length > 80 ? `${pointer.slice(0, 77)}...` : pointer);
const valueAt = (pointer: string, whole: string): string =>
  pointer === "" ? whole : `the value at ${shownPointer(pointer)}`;

/**
 * Why `value` is not a JSON value, where that would cost the validator a stack overflow or time
 * unbounded by the value's size; undefined when it is none of these:
 * - a cyclic value (an object or array that contains itself): it would be walked forever;
 * - a value nested deeper than `MAX_VALUE_DEPTH`;
 * - a sparse array (`a.length = 1e7; a[5] = 1`): a hole is not a JSON value, and a validator walks
 *   every index up to `length`, so it is refused at its first hole, in time linear in its items.
 * Reads own properties, as the validators do (a getter runs once per read, so a getter that makes a
 * new object on every read ends at the depth bound). A throwing Proxy trap throws to the caller.
 * `whole` names the value ("the input").
 */
export function valueFault(value: unknown, whole = "the value"): ValueFault | undefined {
  if (typeof value !== "object" || value === null || surelyJson(value, 0)) return undefined;
  // The objects and arrays from the root down to the one being walked, and the key of each in its
  // parent: a pointer is built only for a fault (building one per value cost most of the walk).
  const ancestors: object[] = [];
  const keys: string[] = [];
  const pointerTo = (depth: number): string =>
    keys
      .slice(0, depth)
      .map((k) => `/${escapeToken(k)}`)
      .join("");
  const walk = (v: unknown): ValueFault | undefined => {
    if (typeof v !== "object" || v === null) return undefined;
    const depth = keys.length;
    const seen = ancestors.indexOf(v);
    if (seen !== -1) {
      const pointer = pointerTo(depth);
      const again = valueAt(pointerTo(seen), whole);
      const message = `${valueAt(pointer, whole)} is cyclic: it is ${again} again, and a cyclic value is not JSON`;
      return { pointer, message };
    }
    if (depth >= MAX_VALUE_DEPTH) {
      const pointer = pointerTo(depth);
      const deep = `nested deeper than ${MAX_VALUE_DEPTH} levels, the most toolgen validates`;
      const message = `${valueAt(pointer, whole)} is ${deep}`;
      return { pointer, message };
    }
    ancestors.push(v);
    let fault: ValueFault | undefined;
    if (Array.isArray(v)) {
      const length = v.length;
      for (let i = 0; i < length; i++) {
        if (!Object.prototype.hasOwnProperty.call(v, i)) {
          const pointer = pointerTo(depth);
          const array = pointer === "" ? whole : `the array at ${shownPointer(pointer)}`;
          const message = `${array} is sparse: it has no item ${i} of its ${length}, and a hole is not JSON`;
          return { pointer, message };
        }
        const item: unknown = v[i];
        if (typeof item !== "object" || item === null) continue;
        keys.push(String(i));
        fault = walk(item);
        if (fault !== undefined) return fault;
        keys.pop();
      }
    } else {
      for (const key of Object.getOwnPropertyNames(v)) {
        const item = (v as { readonly [key: string]: unknown })[key];
        if (typeof item !== "object" || item === null) continue;
        keys.push(key);
        fault = walk(item);
        if (fault !== undefined) return fault;
        keys.pop();
      }
    }
    ancestors.pop();
    return undefined;
  };
  return walk(value);
}

/** How a handler's return value becomes a tool_result block. */
function toResultBlock(toolUseId: string, toolName: string, value: unknown): ToolResultBlock {
  if (value === undefined) return { type: "tool_result", tool_use_id: toolUseId };
  if (typeof value === "string") return { type: "tool_result", tool_use_id: toolUseId, content: value };
  if (isInputRequired(value)) {
    const problem = inputRequiredProblem(value);
    if (problem !== undefined)
      return errorBlock(toolUseId, `Error: the tool '${toolName}' returned an input_required result, but ${problem}`);
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: inputRequiredText(toolName, value),
      input_required: value,
    };
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isContentBlock)) {
    return { type: "tool_result", tool_use_id: toolUseId, content: value as Array<TextBlock | ImageBlock> };
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (e) {
    return errorBlock(
      toolUseId,
      `Error: the tool '${toolName}' returned a value that cannot be converted to JSON (${describeThrown(e)})`,
    );
  }
  if (json === undefined) {
    return errorBlock(
      toolUseId,
      `Error: the tool '${toolName}' returned a ${typeof value}, which cannot be converted to JSON`,
    );
  }
  return { type: "tool_result", tool_use_id: toolUseId, content: json };
}

function contentText(content: ToolResultContent | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((b) => (b.type === "text" ? b.text : IMAGE_OMITTED)).join("\n");
}

/** Names compared and shown of an unknown tool name (the API caps tool names at 64 characters). */
const NAME_SHOWN = 80;
const SUGGESTIONS = 5;
/** Up to this many tools are all listed; past it, the closest few and a count. */
const LIST_ALL_UP_TO = 12;

/** Levenshtein distance, case-insensitive, of two short strings. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev: number[] = [];
  for (let j = 0; j <= y.length; j++) prev.push(j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x.charCodeAt(i - 1) === y.charCodeAt(j - 1) ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}

/**
 * "Unknown tool" with what a model can use at a glance: every name of a small set; for a large one
 * the closest names first ("did you mean"), then how many tools there are. Bounded whatever the
 * number of tools or the length of the name.
 */
export function unknownToolMessage(name: string, toolNames: readonly string[]): string {
  const shownName = name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN)}…` : name;
  const head = `Error: Unknown tool '${shownName}'.`;
  if (toolNames.length === 0) return `${head} Available tools: (none)`;
  if (toolNames.length <= LIST_ALL_UP_TO) return `${head} Available tools: ${toolNames.join(", ")}`;
  const probe = name.slice(0, NAME_SHOWN);
  const ranked = toolNames
    .map((tool, index) => ({ tool, index, d: distance(probe, tool.slice(0, NAME_SHOWN)) }))
    .sort((a, b) => a.d - b.d || a.index - b.index)
    .slice(0, SUGGESTIONS)
    .map((r) => r.tool);
  return `${head} Did you mean: ${ranked.join(", ")}? (${SUGGESTIONS} closest of ${toolNames.length} tools)`;
}

/** A handler's return value as a tool_result block; a value whose traps throw is an error, not a rejection. */
function resultOf(toolUseId: string, toolName: string, value: unknown): ToolResultBlock {
  try {
    return toResultBlock(toolUseId, toolName, value);
  } catch (e) {
    // A value whose traps throw (a hostile Proxy, a revoked one) is still an answer, not a rejection.
    return errorBlock(
      toolUseId,
      `Error: the tool '${toolName}' returned a value that cannot be read (${describeThrown(e)})`,
    );
  }
}

/** What `CallContext` reads its signal from: an `AbortController`. */
interface SignalSource {
  readonly signal: HostAbortSignal;
}

/**
 * The context object a handler gets. Its `signal` is read from the call's controller on first read
 * (a controller of its own when the caller passed no signal and no timeout), so an unused signal
 * costs nothing per call: Node makes a controller's signal when it is first read, and making one
 * costs about 2.3 µs, most of a guarded call (bench/RESULTS.md, 2026-11-26 23:00Z: a framework call
 * with an abort signal 5.3 -> 2.4 µs CPU).
 */
class CallContext<C> implements ToolContext<C> {
  private controller: SignalSource | undefined;
  readonly inputResponses: { readonly [key: string]: unknown } | undefined;
  readonly requestState: string | undefined;
  constructor(
    readonly toolUseId: string,
    readonly toolName: string,
    readonly protocol: "native" | "legacy",
    readonly context: C,
    controller: SignalSource | undefined,
    options: DispatchOptions | undefined,
  ) {
    this.controller = controller;
    this.inputResponses = options?.inputResponses;
    this.requestState = options?.requestState;
  }
  get signal(): HostAbortSignal {
    if (this.controller === undefined) this.controller = new AbortController();
    return this.controller.signal;
  }
}

/** setTimeout's largest delay; a longer one would fire at once (Node warns and uses 1 ms). */
const MAX_TIMEOUT_MS = 2147483647;

/** A bad `timeoutMs` as a message, or undefined when it is usable (a positive number, or Infinity). */
function badTimeout(timeoutMs: unknown): string | undefined {
  if (timeoutMs === undefined) return undefined;
  if (typeof timeoutMs === "number" && timeoutMs > 0) return undefined;
  let shown: string;
  try {
    shown = typeof timeoutMs === "number" ? String(timeoutMs) : (JSON.stringify(timeoutMs) ?? typeof timeoutMs);
  } catch {
    shown = typeof timeoutMs;
  }
  return `toolgen: timeoutMs must be a positive number of milliseconds (got ${shown})`;
}

/** The message of a call cut short by the caller's signal. */
function abortedMessage(toolName: string): string {
  return `Error: the call to tool '${toolName}' was aborted`;
}

/**
 * Runs a handler under the caller's signal and/or a timeout: the first of the handler's answer, the
 * timeout and the abort wins, and the loser's result is dropped. On a timeout or an abort the
 * handler's own signal is aborted, so a handler that listens can stop its work. Never rejects.
 */
function guarded(
  entry: Entry,
  input: unknown,
  toolUseId: string,
  protocol: ToolContext["protocol"],
  options: DispatchOptions,
): Promise<ToolResultBlock> {
  const name = entry.name;
  const bad = badTimeout(options.timeoutMs);
  if (bad !== undefined) return Promise.resolve(errorBlock(toolUseId, `Error: ${bad}`));
  const parent = options.signal;
  if (parent !== undefined && parent.aborted) return Promise.resolve(errorBlock(toolUseId, abortedMessage(name)));
  const timeoutMs = options.timeoutMs;
  const controller = new AbortController();
  return new Promise<ToolResultBlock>((resolve) => {
    let done = false;
    let timer: unknown;
    const finish = (block: ToolResultBlock): void => {
      if (done) return;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      if (parent !== undefined) parent.removeEventListener("abort", onAbort);
      resolve(block);
    };
    const onAbort = (): void => {
      finish(errorBlock(toolUseId, abortedMessage(name)));
      controller.abort(parent?.reason);
    };
    if (parent !== undefined) parent.addEventListener("abort", onAbort, { once: true });
    if (timeoutMs !== undefined && timeoutMs <= MAX_TIMEOUT_MS) {
      timer = setTimeout(() => {
        const message = `Error: the tool '${name}' timed out after ${timeoutMs} ms`;
        finish(errorBlock(toolUseId, message));
        const reason = new Error(message.slice("Error: ".length));
        reason.name = "TimeoutError";
        controller.abort(reason);
      }, timeoutMs);
    }
    let value: unknown;
    let thenable: boolean;
    try {
      value = entry.handler(input, new CallContext(toolUseId, name, protocol, options.context, controller, options));
      thenable = isThenable(value);
    } catch (e) {
      finish(errorBlock(toolUseId, describeThrown(e)));
      return;
    }
    if (!thenable) {
      finish(resultOf(toolUseId, name, value));
      return;
    }
    // Promise.resolve reads `then` once more; a getter that throws now gives a rejected promise.
    Promise.resolve(value).then(
      (v) => finish(resultOf(toolUseId, name, v)),
      (e: unknown) => finish(errorBlock(toolUseId, describeThrown(e))),
    );
  });
}

/** Tells the caller's `onRepair`; a listener that throws does not fail the call (it is for logging). */
function notify(onRepair: ((note: RepairNote) => void) | undefined, note: RepairNote): void {
  if (onRepair === undefined) return;
  try {
    onRepair(note);
  } catch {
    // ignored: see above
  }
}

function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * Builds the dispatcher for a registry and one handler per tool. Generated code calls it as
 * `createDispatcherFrom<ToolInputs>(registry, handlers, legacyConversions, options)` (the conversions
 * are what dispatchFunctionCalls converts legacy parameter text by; `options`: `DispatcherOptions`):
 * each handler is checked against its tool's input type, a missing handler is a type error, and
 * extra keys in an object literal are a type error (TypeScript's excess-property check). At run
 * time a missing handler or a duplicate tool name throws a TypeError here, once, instead of failing
 * later calls.
 */
export function createDispatcherFrom<M, C = unknown>(
  registry: readonly RegisteredTool[],
  handlers: ToolHandlers<M, C>,
  conversions?: LegacyConversions,
  defaults?: DispatcherOptions,
): Dispatcher<C> {
  const table = new Map<string, Entry>();
  const names: string[] = [];
  const handlerTable = handlers as unknown as object;
  for (const tool of registry) {
    const name = tool.name;
    if (table.has(name)) throw new TypeError(`toolgen: the registry lists tool '${name}' twice`);
    const handler: unknown = hasOwn(handlerTable, name) ? (handlerTable as Record<string, unknown>)[name] : undefined;
    if (typeof handler !== "function") throw new TypeError(`toolgen: no handler for tool '${name}'`);
    table.set(name, {
      name,
      tool,
      handler: handler as Entry["handler"],
      validate: undefined,
      pending: undefined,
    });
    names.push(name);
  }
  const toolNames: readonly string[] = Object.freeze(names.slice());
  const unknownTool = (name: string): string => unknownToolMessage(name, toolNames);
  let legacySeq = 0;

  function loadValidator(entry: Entry): ValidateFunction | Promise<ValidateFunction> {
    if (entry.pending !== undefined) return entry.pending;
    const loaded = entry.tool.loadValidator();
    if (typeof loaded === "function") return (entry.validate = loaded);
    const pending = Promise.resolve(loaded).then(
      (fn) => {
        entry.pending = undefined;
        if (typeof fn !== "function") throw new TypeError("the validator loader did not return a function");
        return (entry.validate = fn);
      },
      (e: unknown) => {
        entry.pending = undefined;
        throw e;
      },
    );
    entry.pending = pending;
    return pending;
  }

  /** Validates and runs one call. Never rejects. */
  async function execute(
    entry: Entry,
    input: unknown,
    toolUseId: string,
    protocol: ToolContext["protocol"],
    options: DispatchOptions | undefined,
  ): Promise<ToolResultBlock> {
    let validate = entry.validate;
    let valid: boolean;
    try {
      if (validate === undefined) {
        const loaded = loadValidator(entry);
        validate = typeof loaded === "function" ? loaded : await loaded;
      }
      // A cyclic, too deep or sparse input is refused before the validator walks it.
      const fault = valueFault(input, "the input");
      if (fault !== undefined) {
        return errorBlock(toolUseId, `Error: the input of tool '${entry.name}' is not JSON: ${fault.message}`);
      }
      valid = validate(input);
    } catch (e) {
      return errorBlock(
        toolUseId,
        `Error: could not validate the input of tool '${entry.name}' (${describeThrown(e)})`,
      );
    }
    if (!valid) {
      const errors = validate.errors;
      const repair =
        (options?.repair ?? defaults?.repair) === false
          ? undefined
          : validRepair(entry.tool.inputSchema, input, validate);
      // The model is told what is wrong with the input it sent, not with a repair that did not validate.
      if (repair === undefined) {
        // A string whose reading would change its value is named, so the model can send the value itself.
        const refused =
          (options?.repair ?? defaults?.repair) === false ? [] : refusedRepairs(entry.tool.inputSchema, input);
        const why = refused.length === 0 ? "" : `; not repaired: ${refused.join("; ")}`;
        return errorBlock(toolUseId, `Error: ${describeValidationErrors(errors).join("; ")}${why}`);
      }
      input = repair.value;
      notify(options?.onRepair ?? defaults?.onRepair, {
        toolName: entry.name,
        toolUseId,
        protocol,
        repaired: repair.pointers,
      });
    }
    if (options !== undefined && (options.signal !== undefined || options.timeoutMs !== undefined)) {
      return guarded(entry, input, toolUseId, protocol, options);
    }
    let value: unknown;
    try {
      value = entry.handler(
        input,
        new CallContext(toolUseId, entry.name, protocol, options?.context, undefined, options),
      );
      if (isThenable(value)) value = await value;
    } catch (e) {
      return errorBlock(toolUseId, describeThrown(e));
    }
    return resultOf(toolUseId, entry.name, value);
  }

  function dispatchBlock(block: unknown, options: DispatchOptions | undefined): Promise<ToolResultBlock> {
    let toolUseId = "";
    try {
      if (!isRecord(block)) return Promise.resolve(errorBlock("", "Error: malformed tool_use block (not an object)"));
      const id = block["id"];
      toolUseId = typeof id === "string" ? id : "";
      const name = block["name"];
      if (typeof name !== "string") {
        return Promise.resolve(errorBlock(toolUseId, "Error: malformed tool_use block (no tool name)"));
      }
      const entry = table.get(name);
      if (entry === undefined) return Promise.resolve(errorBlock(toolUseId, unknownTool(name)));
      return execute(entry, block["input"], toolUseId, "native", options);
    } catch (e) {
      return Promise.resolve(errorBlock(toolUseId, `Error: malformed tool_use block (${describeThrown(e)})`));
    }
  }

  async function runLegacy(call: FunctionCall, options: DispatchOptions | undefined): Promise<FunctionResult> {
    const name = call.name;
    if (call.error !== undefined) return { name, ok: false, error: `Error: ${call.error}` };
    const entry = table.get(name);
    if (entry === undefined) return { name, ok: false, error: unknownTool(name) };
    const block = await execute(entry, call.input, `legacy_${++legacySeq}`, "legacy", options);
    const text = contentText(block.content);
    return block.is_error === true ? { name, ok: false, error: text } : { name, ok: true, stdout: text };
  }

  return {
    toolNames,
    dispatch(toolUse: ToolUseBlock, options?: DispatchOptions<C>): Promise<ToolResultBlock> {
      return dispatchBlock(toolUse, options);
    },
    dispatchAll(content: readonly unknown[], options?: DispatchOptions<C>): Promise<ToolResultBlock[]> {
      try {
        if (!Array.isArray(content)) return Promise.resolve([]);
        const jobs: Promise<ToolResultBlock>[] = [];
        for (const block of content) {
          if (isRecord(block) && block["type"] === "tool_use") jobs.push(dispatchBlock(block, options));
        }
        return Promise.all(jobs);
      } catch {
        return Promise.resolve([]);
      }
    },
    async dispatchFunctionCalls(text: string, options?: DispatchOptions<C>): Promise<string> {
      try {
        const { calls } = parseFunctionCalls(text, conversions);
        if (calls.length === 0) return "";
        return renderFunctionResults(await Promise.all(calls.map((call) => runLegacy(call, options))));
      } catch (e) {
        return renderFunctionResults([{ name: "", ok: false, error: `Error: ${describeThrown(e)}` }]);
      }
    },
  };
}
