// toolgen runtime: the calls of a typed MCP client (the `mcp-client` output's mcp-client/client.ts). Each call
// validates its arguments with the tool's build-time validator before anything is sent (dispatch's
// validators, dispatch's messages), calls the tool through the official MCP client the application
// passes (its `callTool`), and checks `structuredContent` against the tool's output schema. Copied
// verbatim into generated output; imports nothing but its sibling files.

import { isRecord, valueFault, type ValidateFunction, type ValidationError } from "./dispatch.js";
import { describeValidationErrors } from "./messages.js";

/** A content block of a tool result, as MCP defines it (text, image, audio, resource_link, resource). */
export interface ContentBlock {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** MCP's `CallToolResult`: what `tools/call` answers. */
export interface CallToolResult {
  readonly content: readonly ContentBlock[];
  /** Any JSON value (MCP 2026-07-28, SEP-2106); an object for a 2025-era server. */
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
  readonly _meta?: { readonly [key: string]: unknown };
  readonly [field: string]: unknown;
}

/**
 * What the typed client needs of an MCP client: its `callTool`. The official SDK's `Client` has it
 * (`@modelcontextprotocol/client` 2.x, and `@modelcontextprotocol/sdk` 1.x's `Client`), connected to the
 * server over any transport; nothing else of it is used.
 */
export interface McpToolCaller {
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }): Promise<unknown>;
}

/** One tool of the client: its method's name, its name on the server, and its validators. */
export interface ClientTool {
  /** The method's name: the tool's name in the tool files. */
  readonly method: string;
  /** The name the server lists (the tool file's `original_name` when import changed it). */
  readonly name: string;
  readonly input: () => Promise<ValidateFunction>;
  /** The output schema's validator; undefined when the tool declares none (the method returns the CallToolResult). */
  readonly output?: (() => Promise<ValidateFunction>) | undefined;
}

/**
 * Thrown before anything is sent when the arguments do not match the tool's input schema. Its message is
 * the one native dispatch sends the model for the same input (without dispatch's `Error: `).
 */
export class ToolInputError extends Error {
  readonly toolName: string;
  /** The validator's errors (empty when the value is not JSON at all). */
  readonly errors: readonly ValidationError[];
  constructor(toolName: string, message: string, errors: readonly ValidationError[] = []) {
    super(message);
    this.name = "ToolInputError";
    this.toolName = toolName;
    this.errors = errors;
  }
}

/**
 * Thrown when a tool that declares an output schema answers with no structuredContent, with one that does not
 * match its schema, or with an isError result (`result` holds the answer as the server sent it).
 */
export class ToolResultError extends Error {
  readonly toolName: string;
  readonly result: unknown;
  /** The output validator's errors (empty for an error result or a missing structuredContent). */
  readonly errors: readonly ValidationError[];
  constructor(toolName: string, message: string, result: unknown, errors: readonly ValidationError[] = []) {
    super(message);
    this.name = "ToolResultError";
    this.toolName = toolName;
    this.result = result;
    this.errors = errors;
  }
}

/** A result's text blocks, joined by newlines. */
export function resultText(result: CallToolResult): string {
  return result.content
    .filter((b) => b.type === "text" && typeof b["text"] === "string")
    .map((b) => b["text"] as string)
    .join("\n");
}

function isCallToolResult(value: unknown): value is CallToolResult {
  return isRecord(value) && Array.isArray(value["content"]);
}

/** Validates `args` as dispatch does (its value check, then the tool's validator); throws ToolInputError. */
async function checkInput(tool: ClientTool, args: unknown): Promise<void> {
  const fault = valueFault(args, "the input");
  if (fault !== undefined) {
    throw new ToolInputError(tool.method, `the input of tool '${tool.method}' is not JSON: ${fault.message}`);
  }
  const validate = await tool.input();
  if (!validate(args)) {
    const errors = validate.errors ?? [];
    throw new ToolInputError(tool.method, describeValidationErrors(errors).join("; "), errors);
  }
}

/** Checks a tool's answer against its output schema: the structuredContent, or a ToolResultError. */
async function checkOutput(
  tool: ClientTool,
  output: () => Promise<ValidateFunction>,
  result: CallToolResult,
): Promise<unknown> {
  const fail = (why: string, errors?: readonly ValidationError[]) =>
    new ToolResultError(tool.method, `the tool '${tool.method}' ${why}`, result, errors);
  if (result.isError === true) throw fail(`answered with an error: ${resultText(result) || "(no text)"}`);
  const value = result.structuredContent;
  if (value === undefined) throw fail("returned no structuredContent, though it declares an output schema");
  const fault = valueFault(value, "the structuredContent");
  if (fault !== undefined) throw fail(`returned structuredContent that is not JSON: ${fault.message}`);
  const validate = await output();
  if (!validate(value)) {
    const errors = validate.errors ?? [];
    const why = describeValidationErrors(errors).join("; ");
    throw fail(`returned structuredContent that does not match its output schema: ${why}`, errors);
  }
  return value;
}

/** One call: validated arguments sent through `client`, the answer checked. */
async function callTool(client: McpToolCaller, tool: ClientTool, args: unknown): Promise<unknown> {
  await checkInput(tool, args);
  const result: unknown = await client.callTool({ name: tool.name, arguments: args as { [key: string]: unknown } });
  if (!isCallToolResult(result)) {
    const why = `the tool '${tool.method}' answered with no content list (not a CallToolResult)`;
    throw new ToolResultError(tool.method, why, result);
  }
  return tool.output === undefined ? result : checkOutput(tool, tool.output, result);
}

/**
 * The client object: one method per tool, each an own property (a tool named `__proto__` or `toString` is a
 * method like any other). `T`: the generated ToolClient interface, whose methods are these, one per `tools` entry.
 */
export function makeToolClient<T>(client: McpToolCaller, tools: readonly ClientTool[]): T {
  if (!isRecord(client) || typeof client["callTool"] !== "function") {
    throw new TypeError("createToolClient: pass a connected MCP client, an object with callTool (the SDK's Client)");
  }
  const methods = {};
  for (const tool of tools) {
    const method = (args: unknown) => callTool(client, tool, args);
    Object.defineProperty(methods, tool.method, { value: method, enumerable: true });
  }
  return Object.freeze(methods) as T;
}
