/**
 * The rules of `toolgen diff`: each kind of change it reports, with its id, its default class and a
 * one-line description (docs/diff.md has the table; test/diff/rules.test.ts holds them in step).
 * A class says who a change can break: callers (an input valid before is now rejected), handlers (an
 * input rejected before is now accepted), the prompt (what the model reads), or a target.
 */

export type DiffClass = "breaking-callers" | "breaking-handlers" | "prompt" | "target";

export interface DiffRule {
  id: string;
  class: DiffClass;
  description: string;
}

const rule = (id: string, cls: DiffClass, description: string): DiffRule => ({ id: `diff/${id}`, class: cls, description });

export const DIFF_RULES: readonly DiffRule[] = [
  rule("tool-removed", "breaking-callers", "A tool is gone: every call to it is now rejected."),
  rule("tool-renamed", "breaking-callers", "A tool has a new name (the same name spelt another way, or the same input schema): calls by the old name are now rejected; its other changes are reported under the new name."),
  rule("tool-added", "breaking-handlers", "A new tool: calls to it, rejected before, now reach a handler."),
  rule("param-removed", "breaking-callers", "A property is no longer declared."),
  rule("param-added", "breaking-handlers", "A property is newly declared."),
  rule("param-required-added", "breaking-callers", "A property is newly required: inputs without it are now rejected."),
  rule("param-required-removed", "breaking-handlers", "A property is no longer required: the handler may now receive inputs without it."),
  rule("type-narrowed", "breaking-callers", "A type is no longer accepted."),
  rule("type-widened", "breaking-handlers", "A type is newly accepted."),
  rule("enum-narrowed", "breaking-callers", "Enum values removed, or an enum added."),
  rule("enum-widened", "breaking-handlers", "Enum values added, or the enum removed."),
  rule("const-changed", "breaking-callers", "A const was added, changed or removed."),
  rule("bound-tightened", "breaking-callers", "A minimum, maximum, length, item or property count bound is stricter."),
  rule("bound-loosened", "breaking-handlers", "A minimum, maximum, length, item or property count bound is looser."),
  rule("multiple-of-changed", "breaking-callers", "multipleOf was added, changed or removed."),
  rule("pattern-changed", "breaking-callers", "A pattern was added, changed or removed."),
  rule("format-changed", "breaking-callers", "A format was added, changed or removed."),
  rule("additional-properties-closed", "breaking-callers", "additionalProperties is now closed (false) or narrower."),
  rule("additional-properties-opened", "breaking-handlers", "additionalProperties is now open or wider."),
  rule("unique-items-changed", "breaking-callers", "uniqueItems was added or removed."),
  rule("branch-removed", "breaking-callers", "An anyOf or oneOf branch was removed (or an allOf branch added)."),
  rule("branch-added", "breaking-handlers", "An anyOf or oneOf branch was added (or an allOf branch removed)."),
  rule("keyword-changed", "breaking-callers", "Another validation keyword changed (not, if/then/else, patternProperties, contains, dependencies, ...)."),
  rule("description-changed", "prompt", "A tool's or a property's description changed: the model reads it, and the prompt cache misses."),
  rule("title-changed", "prompt", "A title changed."),
  rule("examples-changed", "prompt", "examples, default, input_examples or another annotation changed."),
  rule("property-order-changed", "prompt", "The properties of an object are in another order: the prompt cache misses."),
  rule("output-schema-changed", "breaking-handlers", "The MCP output schema was added, removed or changed: what the handler returns is checked against it (no witness: reported as possibly breaking)."),
  rule("tool-field-changed", "prompt", "Another field of the tool file changed (title, annotations, execution, strict, cache_control, ...)."),
  rule("openai-strict-lost", "target", "The tool was lowerable to OpenAI strict mode and no longer is."),
];

export const DIFF_RULE_BY_ID: ReadonlyMap<string, DiffRule> = new Map(DIFF_RULES.map((r) => [r.id, r]));

/** `--fail-on`: which classes make the exit code 1. */
export const FAIL_ON = ["breaking", "handlers", "prompt", "none"] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function failsOn(failOn: FailOn, cls: DiffClass): boolean {
  switch (failOn) {
    case "none":
      return false;
    case "breaking":
      return cls === "breaking-callers" || cls === "target";
    case "handlers":
      return cls === "breaking-callers" || cls === "breaking-handlers" || cls === "target";
    case "prompt":
      return true;
  }
}
