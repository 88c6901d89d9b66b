/**
 * What the loader finds wrong, as typed data (issue 9): which rule it belongs to, what kind of
 * problem (the rule's message id), where, and the values the message needs. The rule files own the
 * wording (src/lint/rules/<rule>.ts `meta.messages`); describeLoadProblems (src/lint/load-problems.ts)
 * makes diagnostics of them when the linter does not run.
 */
import type { SourceFile } from "../model.js";

export interface LoadProblem {
  /** The lint rule that reports it. */
  rule: "parse-error" | "tool-shape" | "tool-name-unique" | "tool-field-type";
  /** The rule's message id. */
  kind: string;
  file: SourceFile;
  /** File pointer (RFC 6901) of what is wrong. */
  pointer: string;
  data: Record<string, string>;
  /** The tool's name, when known. */
  tool?: string;
  /** Where it is, when the pointer cannot say (a syntax error). */
  line?: number;
  column?: number;
}
