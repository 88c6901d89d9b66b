// toolgen runtime: loads handler and validator files on first use, in ES-module and CommonJS builds alike.
// Copied verbatim into generated output; imports nothing but its sibling files.

import type { ToolContext, ToolHandler, ValidateFunction } from "./dispatch.js";

/**
 * A handler file as `import()` returns it. In an ES-module build, `default` is the handler. When
 * TypeScript compiles the project to CommonJS, `import()` of a CommonJS file yields the whole
 * `module.exports` as `default`, and the handler is that object's own `default`.
 */
export interface HandlerModule<I> {
  readonly default: FileHandler<I> | { readonly default: FileHandler<I> };
}

/**
 * A handler file's export: its input type is checked; its context type is the file's own choice
 * (`ToolContext` or `ToolContext<MyContext>`), since a file cannot be told which context the caller
 * of the ready dispatcher will pass. `createDispatcher<MyContext>(handlers)` checks both.
 */
export type FileHandler<I> = ToolHandler<I, never>;

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
 * A validator loader from `() => import("./validators/<tool>.js")`. It takes the module as `unknown`
 * and checks its `validate` export at run time: typing it would make the type-checker infer the
 * type of every generated validator (thousands of lines of Ajv's code each) in the user's project.
 */
export function lazyValidator(load: () => Promise<unknown>): () => Promise<ValidateFunction> {
  return async () => {
    const loaded: unknown = await load();
    const validate = typeof loaded === "object" && loaded !== null && "validate" in loaded ? loaded.validate : undefined;
    if (!isValidateFunction(validate)) throw new TypeError("toolgen: a validator file has no `validate` export function");
    return validate;
  };
}

function isValidateFunction(value: unknown): value is ValidateFunction {
  return typeof value === "function";
}
