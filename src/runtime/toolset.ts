// A toolset's dispatcher: the folder's dispatcher, answering only the toolset's tools. A call to any
// other tool (of the folder or not) is answered is_error naming the toolset, so a model handed one
// toolset cannot reach the rest of the folder through it. In a legacy <function_calls> block only
// the out-of-set calls are refused; the others run. Imports only its siblings.
import { isRecord, type DispatchArgs, type Dispatcher, type ToolResultBlock, type ToolUseBlock } from "./dispatch.js";
import { renderFunctionResults, splitFunctionCalls } from "./legacy.js";

const RESULTS_OPEN = "<function_results>";
const RESULTS_CLOSE = "\n</function_results>";

/** The one `<result>` or `<error>` element of a one-call `<function_results>` block (FORMATS.md §3). */
function entryOf(results: string): string {
  if (results.startsWith(`${RESULTS_OPEN}\n`) && results.endsWith(RESULTS_CLOSE))
    return results.slice(RESULTS_OPEN.length + 1, -RESULTS_CLOSE.length);
  return "<error>\nError: the call was not answered\n</error>";
}

/** The message an out-of-set call is answered with (names the set and a few of its tools, never a path). */
export function outOfSetMessage(name: string, toolset: string, toolNames: readonly string[]): string {
  const shown = toolNames.slice(0, 20).join(", ");
  const more = toolNames.length > 20 ? `, and ${toolNames.length - 20} more` : "";
  return `Error: the tool '${name.slice(0, 128)}' is not in the toolset '${toolset}' (its tools: ${shown}${more})`;
}

/** `inner`, restricted to `toolNames`: the toolset's dispatcher. */
export function restrictDispatcher<C>(
  inner: Dispatcher<C>,
  toolset: string,
  toolNames: readonly string[],
): Dispatcher<C> {
  const members: ReadonlySet<string> = new Set(toolNames);
  const outside = (name: unknown): name is string => typeof name === "string" && !members.has(name);
  const refuse = (block: { readonly [key: string]: unknown }): ToolResultBlock => ({
    type: "tool_result",
    tool_use_id: typeof block["id"] === "string" ? block["id"] : "",
    content: outOfSetMessage(String(block["name"]), toolset, toolNames),
    is_error: true,
  });
  const dispatch = (toolUse: ToolUseBlock, ...options: DispatchArgs<C>): Promise<ToolResultBlock> =>
    isRecord(toolUse) && outside(toolUse["name"])
      ? Promise.resolve(refuse(toolUse))
      : inner.dispatch(toolUse, ...options);
  return {
    dispatch,
    dispatchAll(content: readonly unknown[], ...options: DispatchArgs<C>): Promise<ToolResultBlock[]> {
      if (!Array.isArray(content)) return Promise.resolve([]);
      const uses = content.filter((b): b is ToolUseBlock => isRecord(b) && b["type"] === "tool_use");
      return Promise.all(uses.map((b) => dispatch(b, ...options)));
    },
    async dispatchFunctionCalls(text: string, ...options: DispatchArgs<C>): Promise<string> {
      const calls = splitFunctionCalls(text);
      // A call with no tool name is the folder's to answer (its message says what is missing).
      const refused = (name: string) => name !== "" && outside(name);
      if (calls === undefined || !calls.some((c) => refused(c.name)))
        return inner.dispatchFunctionCalls(text, ...options);
      // Each call is answered in its place, as the native path answers each tool_use: the in-set
      // ones by the folder's dispatcher (each as a block of its own, read as in the whole block),
      // the out-of-set ones with the error naming the set.
      const answers = await Promise.all(
        calls.map(async (c) =>
          refused(c.name)
            ? entryOf(
                renderFunctionResults([
                  { name: c.name, ok: false, error: outOfSetMessage(c.name, toolset, toolNames) },
                ]),
              )
            : "block" in c
              ? entryOf(await inner.dispatchFunctionCalls(c.block, ...options))
              : entryOf(renderFunctionResults([{ name: c.name, ok: false, error: `Error: ${c.error}` }])),
        ),
      );
      return `${RESULTS_OPEN}${answers.map((a) => `\n${a}`).join("")}${RESULTS_CLOSE}`;
    },
    toolNames: Object.freeze(inner.toolNames.filter((n) => members.has(n))),
  };
}
