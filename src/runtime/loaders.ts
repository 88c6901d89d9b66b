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

/**
 * A handler that imports its file on the first call and reuses it after. Once loaded, a call is the
 * file's function called directly, its value (a Promise or not) handed to dispatch as it is: no
 * async wrapper resolving with the handler's Promise (two more microtask turns), 0.1 µs CPU a call
 * (bench/RESULTS.md, 2026-11-26 23:00Z).
 */
export function lazyHandler<I>(load: () => Promise<HandlerModule<I>>): ToolHandler<I> {
  let loaded: ((...args: unknown[]) => unknown) | undefined;
  const first = async (input: I, context: ToolContext): Promise<unknown> => {
    if (loaded === undefined) {
      const exported: unknown = (await load()).default;
      const inner: unknown = typeof exported === "function" ? exported : defaultOf(exported);
      if (typeof inner !== "function") {
        throw new TypeError(`toolgen: the handler file of '${context.toolName}' has no default export function`);
      }
      loaded = inner as (...args: unknown[]) => unknown;
    }
    return Reflect.apply(loaded, undefined, [input, context]);
  };
  return (input: I, context: ToolContext): unknown =>
    loaded === undefined ? first(input, context) : Reflect.apply(loaded, undefined, [input, context]);
}

function defaultOf(value: unknown): unknown {
  return typeof value === "object" && value !== null && "default" in value ? value.default : undefined;
}

// Every JavaScript host has a console; declared here because the generated folder type-checks with no
// DOM or Node types.
declare const console: { error(...data: unknown[]): void };

/**
 * What the developer reads (on the host's error log) when a validator file cannot be loaded: a fault
 * of the build, which no call can mend.
 */
export const VALIDATOR_NOT_BUILT =
  "toolgen: a validator file of the generated folder could not be loaded, so its tool answers every call " +
  "with an error. Build validators/*.ts (and runtime/*.ts) with the rest of the folder: tsc emits them into " +
  "the outDir when index.ts is in the program (do not exclude validators/), tsx and bundlers load them " +
  "through index.ts's import(), and a step that copies files must copy validators/ too. " +
  "A folder from an older toolgen (validators/*.mjs) needs `toolgen build` again.";

/** What the model reads instead: no path, no stack (the detail went to the error log). */
const NOT_LOADED =
  "its validator could not be loaded: a fault in how the server was built, reported in its error log; " +
  "the call was not run";

/**
 * A validator loader from `() => import("./validators/<tool>.js")`. It takes the module as `unknown`
 * and checks its `validate` export at run time: typing it would make the type-checker infer the
 * type of every generated validator (thousands of lines of Ajv's code each) in the user's project.
 * A module compiled to CommonJS has it under `default` too. A file that cannot be loaded is a
 * developer error: the first failure goes to `console.error` with its cause (the path that was
 * missing); the call fails with a message that names no file.
 */
export function lazyValidator(load: () => Promise<unknown>): () => Promise<ValidateFunction> {
  let reported = false;
  const notLoaded = (cause: unknown): Error => {
    if (!reported) {
      reported = true;
      console.error(VALIDATOR_NOT_BUILT, cause);
    }
    return new Error(NOT_LOADED);
  };
  return async () => {
    let loaded: unknown;
    try {
      loaded = await load();
    } catch (error) {
      throw notLoaded(error);
    }
    const validate = validateOf(loaded) ?? validateOf(defaultOf(loaded));
    if (validate === undefined) throw notLoaded(new TypeError("the validator file has no `validate` export function"));
    return validate;
  };
}

function validateOf(loaded: unknown): ValidateFunction | undefined {
  const validate = typeof loaded === "object" && loaded !== null && "validate" in loaded ? loaded.validate : undefined;
  return isValidateFunction(validate) ? validate : undefined;
}

function isValidateFunction(value: unknown): value is ValidateFunction {
  return typeof value === "function";
}
