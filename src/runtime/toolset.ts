// A toolset's dispatcher: the folder's dispatcher, answering only the toolset's tools. A call to any
// other tool (of the folder or not) is answered is_error naming the toolset, so a model handed one
// toolset cannot reach the rest of the folder through it. Imports only its siblings.
import { isRecord, type DispatchArgs, type Dispatcher, type ToolResultBlock, type ToolUseBlock } from "./dispatch.js";
import { parseFunctionCalls, renderFunctionResults, type FunctionResult } from "./legacy.js";


/** The message an out-of-set call is answered with (names the set and a few of its tools, never a path). */
export function outOfSetMessage(name: string, toolset: string, toolNames: readonly string[]): string {
  const shown = toolNames.slice(0, 20).join(", ");
  const more = toolNames.length > 20 ? `, and ${toolNames.length - 20} more` : "";
  return `Error: the tool '${name.slice(0, 128)}' is not in the toolset '${toolset}' (its tools: ${shown}${more})`;
}

/** `inner`, restricted to `toolNames`: the toolset's dispatcher. */
export function restrictDispatcher<C>(inner: Dispatcher<C>, toolset: string, toolNames: readonly string[]): Dispatcher<C> {
  const members: ReadonlySet<string> = new Set(toolNames);
  const outside = (name: unknown): name is string => typeof name === "string" && !members.has(name);
  const refuse = (block: { readonly [key: string]: unknown }): ToolResultBlock => ({
    type: "tool_result",
    tool_use_id: typeof block["id"] === "string" ? block["id"] : "",
    content: outOfSetMessage(String(block["name"]), toolset, toolNames),
    is_error: true,
  });
  const dispatch = (toolUse: ToolUseBlock, ...options: DispatchArgs<C>): Promise<ToolResultBlock> =>
    isRecord(toolUse) && outside(toolUse["name"]) ? Promise.resolve(refuse(toolUse)) : inner.dispatch(toolUse, ...options);
  return {
    dispatch,
    dispatchAll(content: readonly unknown[], ...options: DispatchArgs<C>): Promise<ToolResultBlock[]> {
      if (!Array.isArray(content)) return Promise.resolve([]);
      const uses = content.filter((b): b is ToolUseBlock => isRecord(b) && b["type"] === "tool_use");
      return Promise.all(uses.map((b) => dispatch(b, ...options)));
    },
    dispatchFunctionCalls(text: string, ...options: DispatchArgs<C>): Promise<string> {
      let calls: { name: string }[];
      try {
        calls = parseFunctionCalls(text).calls;
      } catch {
        return inner.dispatchFunctionCalls(text, ...options);
      }
      if (!calls.some((c) => outside(c.name))) return inner.dispatchFunctionCalls(text, ...options);
      // One call outside the set: none of the block runs (a partial run would answer calls out of order).
      const results: FunctionResult[] = calls.map((c) =>
        outside(c.name)
          ? { name: c.name, ok: false, error: outOfSetMessage(c.name, toolset, toolNames) }
          : { name: c.name, ok: false, error: `not run: this block also calls a tool outside the toolset '${toolset}'` },
      );
      return Promise.resolve(renderFunctionResults(results));
    },
    toolNames: Object.freeze(inner.toolNames.filter((n) => members.has(n))),
  };
}
