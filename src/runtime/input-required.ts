// toolgen runtime: `input_required` (MCP 2026-07-28, SEP-2322), the result a handler returns to ask the
// user (or the client) for more input before it can finish. Copied verbatim into generated output;
// imports nothing. Its shape is the official MCP SDK's `InputRequiredResult`, so the generated MCP server
// hands it to the SDK as it is; native dispatch answers it with a tool_result that is not `is_error`
// and carries it as `input_required`, which the run loops stop on (RunResult.inputRequired).

/** A form the client shows its user (MCP `elicitation/create`, form mode). */
export interface ElicitationRequest {
  readonly method: "elicitation/create";
  readonly params: {
    readonly mode?: "form";
    /** What the user is asked, in words. */
    readonly message: string;
    /** The answer's shape: a flat object of strings, numbers, booleans and enums (MCP's restricted JSON Schema). */
    readonly requestedSchema: {
      readonly type: "object";
      readonly properties: { readonly [name: string]: object };
      readonly required?: readonly string[];
    };
  };
}

/** One embedded request of an `input_required` result: a form, a sampling request or a roots listing (MCP's shapes). */
export type InputRequest =
  | ElicitationRequest
  | { readonly method: "sampling/createMessage"; readonly params: object }
  | { readonly method: "roots/list"; readonly params?: object };

/** The `input_required` result: what must be answered (by key), and/or opaque state echoed on the retry. */
export interface InputRequired {
  readonly resultType: "input_required";
  readonly inputRequests?: { readonly [key: string]: InputRequest };
  /**
   * Echoed back verbatim on the retry as `context.requestState`. It travels through the client: treat
   * what comes back as untrusted (sign it if it decides anything).
   */
  readonly requestState?: string;
}

/** What `inputRequired()` takes: at least one of the two. */
export interface InputRequiredSpec {
  readonly inputRequests?: { readonly [key: string]: InputRequest };
  readonly requestState?: string;
}

function isRecord(v: unknown): v is { readonly [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Why `value` (a result marked `resultType: "input_required"`) is not a usable one, or undefined. */
export function inputRequiredProblem(value: InputRequired): string | undefined {
  const requests: unknown = value.inputRequests;
  const state: unknown = value.requestState;
  if (requests !== undefined && !isRecord(requests)) return "its inputRequests is not an object";
  if (state !== undefined && typeof state !== "string") return "its requestState is not a string";
  const keys = requests === undefined ? [] : Object.keys(requests);
  if (keys.length === 0 && state === undefined) return "it has neither inputRequests nor requestState";
  for (const key of keys) {
    const request: unknown = (requests as { readonly [key: string]: unknown })[key];
    if (!isRecord(request) || typeof request["method"] !== "string") return `its input request '${key}' has no method`;
  }
  return undefined;
}

/**
 * The `input_required` result a handler returns to ask for more input; the call is made again with
 * the answers as `context.inputResponses` (keyed as `inputRequests`) and `requestState` echoed as
 * `context.requestState`. Throws a TypeError when the spec has neither (MCP's at-least-one rule).
 */
export function inputRequired(spec: InputRequiredSpec): InputRequired {
  const value: InputRequired = { resultType: "input_required", ...spec };
  const problem = inputRequiredProblem(value);
  if (problem !== undefined) throw new TypeError(`toolgen: inputRequired(): ${problem}`);
  return value;
}

/**
 * A form-mode elicitation request: `inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message,
 * requestedSchema }) } })`.
 */
inputRequired.elicit = (params: {
  message: string;
  requestedSchema: ElicitationRequest["params"]["requestedSchema"];
}): ElicitationRequest => ({
  method: "elicitation/create",
  params: { mode: "form", message: params.message, requestedSchema: params.requestedSchema },
});

/** True for a handler's `input_required` result (MCP's discriminator: `resultType: "input_required"`). */
export function isInputRequired(value: unknown): value is InputRequired {
  return isRecord(value) && value["resultType"] === "input_required";
}

/**
 * The content of the user's accepted answer to the form asked under `key`, or undefined when there is
 * none (not answered yet, declined, cancelled, or another kind of answer). The values come from the
 * client: they are not validated against the requested schema.
 */
export function acceptedContent(
  responses: { readonly [key: string]: unknown } | undefined,
  key: string,
): { readonly [name: string]: unknown } | undefined {
  if (responses === undefined || !Object.prototype.hasOwnProperty.call(responses, key)) return undefined;
  const response = responses[key];
  if (!isRecord(response) || response["action"] !== "accept") return undefined;
  const content = response["content"];
  return isRecord(content) ? content : {};
}

/** What a model reading the result (a format that cannot carry `input_required`) is told. */
export function inputRequiredText(toolName: string, value: InputRequired): string {
  const asked: string[] = [];
  for (const request of Object.values(value.inputRequests ?? {})) {
    if (
      request.method === "elicitation/create" &&
      isRecord(request.params) &&
      typeof request.params["message"] === "string"
    )
      asked.push(request.params["message"]);
  }
  const what = asked.length === 0 ? "." : `: ${asked.join("; ")}`;
  return `The tool '${toolName}' needs more input from the user before it can finish${what}`;
}
