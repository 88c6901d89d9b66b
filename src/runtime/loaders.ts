// toolgen runtime: loads handler and validator files on first use, in ES-module and CommonJS builds alike.
// Copied verbatim into generated output; imports nothing but its sibling files.

import type { ToolContext, ToolHandler, ValidateFunction } from "./dispatch.js";

/**
 * A handler file as `import()` returns it. In an ES-module build, `default` is the handler. When
 * TypeScript compiles the project to CommonJS, `import()` of a CommonJS file yields the whole
 * `module.exports` as `default`, and the handler is that object's own `default`.
 */
export interface HandlerModule<I> {
  readonly default: ToolHandler<I> | { readonly default: ToolHandler<I> };
}

/** A handler that imports its file on the first call and reuses it after. */
export function lazyHandler<I>(load: () => Promise<HandlerModule<I>>): ToolHandler<I> {
  let loaded: ToolHandler<I> | undefined;
  return async (input: I, context: ToolContext): Promise<unknown> => {
    if (loaded === undefined) {
      const exported: unknown = (await load()).default;
      const inner: unknown = typeof exported === "function" ? exported : defaultOf(exported);
      if (typeof inner !== "function") {
        throw new TypeError(`toolgen: the handler file of '${context.toolName}' has no default export function`);
      }
      loaded = (value: I, ctx: ToolContext): unknown => Reflect.apply(inner, undefined, [value, ctx]);
    }
    return loaded(input, context);
  };
}

function defaultOf(value: unknown): unknown {
  return typeof value === "object" && value !== null && "default" in value ? value.default : undefined;
}

/**
 * A validator loader from `() => import("./validators/<tool>.js")`. Not generic on purpose: the
 * generated index calls it once per tool, and a plain signature costs the type-checker one
 * comparison per call where `.then((m) => m.validate)` costs an inference.
 */
export function lazyValidator(load: () => Promise<{ readonly validate: ValidateFunction }>): () => Promise<ValidateFunction> {
  return () => load().then((m) => m.validate);
}
