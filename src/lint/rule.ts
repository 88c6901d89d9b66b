/**
 * What a lint rule is: eslint-style `meta` (id, default severity, one-line description, message ids,
 * options) and a `check` that reports `{messageId, data, pointer}` through its context.
 */
import type { LoadProblem } from "../load/problems.js";
import type { Diagnostic, JsonObject, Severity, SourceFile } from "../model.js";

/** An integer option of a rule, e.g. `description-min-sentences`' `min`. */
export interface OptionSpec {
  description: string;
  default: number;
  /** The smallest value accepted in `toolgen.config.json`. */
  minimum: number;
}

export interface RuleMeta<K extends string = string> {
  /** `<thing>-<check>`; also the file name (`rules/<id>.ts`) and the docs page (`docs/rules/<id>.md`). */
  id: string;
  /** `"off"`: a rule a build setting turns on (`gemini-parameters-lossless`, by `geminiSchemaField`). */
  defaultSeverity: Severity | "off";
  /** One line, shown in `--help`-like listings and in SARIF `shortDescription`. */
  description: string;
  /** Message templates; `{{name}}` is replaced by `data.name`. */
  messages: Record<string, string>;
  options?: Record<K, OptionSpec>;
  /**
   * Its errors stop a build even with `--no-lint` or the rule turned off: without what it checks there
   * is nothing to build (a file that does not parse, a tool without a name, ...).
   */
  blocksBuild?: boolean;
  /**
   * The rule that owns the problems this one shares with it: a finding of this rule is left out
   * where that rule reports one with the same file, pointer and `topic` (both enabled). The OpenAI
   * target rules yield to `openai-strict-lowerable`, which says what the openai output then does.
   */
  yieldsTo?: string;
}

/** A file with a top-level `name` or `input_schema`, seen as leniently as possible. */
export interface ToolDocument {
  file: SourceFile;
  data: Record<string, unknown>;
  /** Set when `name` is a string. */
  name?: string;
  /** Set when `description` is a string. */
  description?: string;
  /** Set when `input_schema` is an object. */
  inputSchema?: Record<string, unknown>;
  /** The self-contained schema, when the tool loaded and every `$ref` resolved. */
  bundledSchema?: JsonObject;
}

/** A JSON Schema the folder holds: a tool's `input_schema`, or a schema-fragment file. */
export interface SchemaDocument {
  file: SourceFile;
  /** The tool, when this is a tool's `input_schema`. */
  tool?: ToolDocument;
  schema: Record<string, unknown>;
  /** Where the schema sits in its file: `/input_schema` or `""`. */
  pointer: string;
}

export interface Finding {
  /** File pointer (RFC 6901) of the offending key, e.g. `/input_schema/properties/unit`. */
  pointer: string;
  messageId: string;
  data?: Record<string, string | number>;
  /** Defaults to the tool's file. */
  file?: SourceFile;
  /** The tool the finding belongs to. */
  tool?: ToolDocument;
  /** The tool's name, for a finding about a file that is not a well-formed tool (no ToolDocument). */
  toolName?: string | undefined;
  /** The position, when the pointer cannot give it (a syntax error). */
  line?: number | undefined;
  column?: number | undefined;
  /** At most a warning, whatever the rule's severity (a finding that is advice even in an error rule). */
  warning?: boolean;
  /** What the problem is (`keyword:allOf`, `limit:depth`), for a rule that yields to another (RuleMeta.yieldsTo). */
  topic?: string;
}

export interface RuleContext<O extends Record<string, number> = Record<string, number>> {
  /** The rule's options, defaults filled in. */
  options: O;
  /** Tool files being reported on (all of them, or those named on the command line). */
  tools: readonly ToolDocument[];
  /** Tool input schemas and schema fragments being reported on. */
  schemas: readonly SchemaDocument[];
  /** The tools that load cleanly (the ones a build renders), in render order (by name). */
  renderedTools: readonly ToolDocument[];
  /** Diagnostics bundling made under this rule's id (`$ref`s that do not resolve). */
  loaderDiagnostics: readonly Diagnostic[];
  /** Problems the loader found under this rule's id (parse, shape, duplicate names), as typed data. */
  loadProblems: readonly LoadProblem[];
  report(finding: Finding): void;
  /** Re-reports a loader diagnostic under this rule. */
  forward(diagnostic: Diagnostic): void;
}

export interface Rule<K extends string = string> {
  meta: RuleMeta<K>;
  /** Reports through `ctx`; may return a promise (to load what only some inputs need). */
  check(ctx: RuleContext<Record<K, number>>): void | Promise<void>;
}

/** Identity, for type inference of option names. */
export function defineRule<K extends string = never>(rule: Rule<K>): Rule<K> {
  return rule;
}

const compiled = new Map<string, string[]>();

/** Replaces `{{key}}` with `data.key` (templates are split once, then joined per message). */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = template.split(/\{\{\s*(\w+)\s*\}\}/);
    compiled.set(template, parts);
  }
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i] ?? "";
    out += (Object.hasOwn(data, key) ? String(data[key]) : `{{${key}}}`) + (parts[i + 1] ?? "");
  }
  return out;
}

/** A rule's docs page, relative to the package root. */
export function docsPath(id: string): string {
  return `docs/rules/${id}.md`;
}
