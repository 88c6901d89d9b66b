/**
 * What the loader finds wrong, as typed data (issue 9): its category, what kind of problem, where,
 * and the values a message needs. The loader names no lint rule and words nothing: the lint stage
 * (src/lint/load-problems.ts) says which rule reports each category and words it with that rule's
 * `meta.messages` (`kind` is the message id).
 */
import type { SourceFile } from "../model.js";

export interface LoadProblem {
  /** A file that does not parse, a tool of the wrong shape, a name two tools share, a field of the wrong type. */
  category: "parse" | "shape" | "duplicate-name" | "field-type";
  /** Which problem of its category (the message id of the rule that reports it). */
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

/**
 * A `$ref` bundling cannot follow (the lint stage words it, as the rule ref-resolvable): one that
 * does not resolve (`data.ref`, and `data.why` in words), or a cycle of references that never
 * reaches a schema (`data.refs`, quoted and joined by ` -> `).
 */
export interface RefProblem {
  /** `dynamic-cycle`: a cycle a `$dynamicRef` or `$recursiveRef` may close on the same value. */
  kind: "unresolved" | "cycle" | "dynamic-cycle";
  /** The display path of the file holding the `$ref`. */
  file: string;
  tool: string;
  /** File pointer (RFC 6901) of the `$ref` member (or of the schema, for a cycle through imported definitions). */
  pointer: string;
  data: Record<string, string>;
}
