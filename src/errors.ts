/** User errors (bad input or options: no stack, an exit code) as distinct from toolgen's own faults. */
import type { Diagnostic } from "./model.js";

/**
 * A problem with what the user gave us (input files, flags, config): reported without a stack,
 * exits with `exitCode`.
 */
export class UserError extends Error {
  override name = "UserError";
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
    readonly diagnostics: readonly Diagnostic[] = [],
  ) {
    super(message);
  }
}

/** Bad flags or config: exit code 2. */
export class UsageError extends UserError {
  override name = "UsageError";
  constructor(message: string) {
    super(message, 2);
  }
}

/** The input has errors (diagnostics of severity `error`): exit code 1. */
export class InputError extends UserError {
  override name = "InputError";
  constructor(diagnostics: readonly Diagnostic[], message = "the input has errors") {
    super(message, 1, diagnostics);
  }
}

/** The output folder is stale (`--check`): exit code 1. */
export class StaleOutputError extends UserError {
  override name = "StaleOutputError";
  constructor(readonly stale: readonly string[]) {
    super(`${stale.length} generated file(s) are stale or missing; run \`toolgen build\``, 1);
  }
}
