/**
 * Every output toolgen can build, in the order a build runs them. The `outputs` config selects
 * among them by id (default: all). A new output is a new file in this folder and one line here.
 * Each output imports its emitter when it runs, so reading this list (as every build does, even one
 * that finds nothing changed) loads no generator.
 */
import gemini from "../targets/gemini/output.js";
import handlers from "./handlers.js";
import indexModule from "./index-module.js";
import legacy from "../targets/anthropic/legacy.js";
import mcp from "../targets/mcp/output.js";
import native from "../targets/anthropic/native.js";
import openai from "../targets/openai/output.js";
import type { Output } from "./output.js";
import runtime from "./runtime.js";
import types from "./types.js";
import validators from "./validators.js";

export type { Output, OutputContext } from "./output.js";
export { defineOutput } from "./output.js";

export const OUTPUTS: readonly Output[] = [native, legacy, types, validators, handlers, runtime, indexModule, mcp, openai, gemini];
