/**
 * What a lint rule is: eslint-style `meta` (id, default severity, one-line description, message ids,
 * options), and either a `check` that reports `{messageId, data, pointer}` through its context (a rule
 * about tools and files), or, for a rule about schemas, a `create` that returns the visitors of the
 * schema nodes it looks at (eslint's model: the engine walks each document once for every rule).
 */
import type { LoadProblem } from "../load/problems.js";
import type { Diagnostic, JsonObject, Severity, SourceFile } from "../model.js";
import type { SchemaNode } from "./schema-node.js";

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
  /** The self-contained output schema (`output_schema`/`outputSchema`), when the file has one and it bundled. */
  bundledOutputSchema?: JsonObject;
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
  /** What the run checks against besides the folder (a feature's rule reads it); undefined when the caller gives none. */
  run?: RunFacts;
  report(finding: Finding): void;
  /**
   * Re-reports a diagnostic under this rule, at the rule's severity (a warning stays at most a warning):
   * a loader diagnostic, or a finding about the config file (toolset-cap).
   */
  forward(diagnostic: Diagnostic): void;
}

/** A documented tool cap (a target's `profile.maxTools`, a client's). */
export interface ToolCapFact {
  title: string;
  max: number;
  source: string;
}

/**
 * What a run checks the folder against besides its files, the same for `toolgen lint` and a build: its
 * settings by key (defaults applied), the tool caps of the targets whose rules it runs, and the config
 * file as messages name it.
 */
export interface RunFacts {
  settings: Readonly<Record<string, unknown>>;
  caps: readonly ToolCapFact[];
  configFile: string;
}

/**
 * What a lint rule asks of a document's walk (./schema-walk.ts; see RuleVisitors): a function per kind
 * of node, each called in walk order (depth first, in key order, a node before its subschemas). The walk
 * knows no rule: it reads each node once and calls every function given for the kinds that node is.
 */
export interface NodeVisitors {
  /** Every object subschema, definitions included. */
  schema?(node: SchemaNode, doc: SchemaDocument): void;
  /** A property's own schema (a node under `properties`), after `schema`. */
  property?(node: SchemaNode, doc: SchemaDocument): void;
  /** A node with a `pattern` string or a `patternProperties` object, after `property`. */
  pattern?(node: SchemaNode, doc: SchemaDocument): void;
}

/**
 * What a schema rule looks at (its `create` returns them): nodes of each kind (NodeVisitors, called
 * while the engine walks a document), and hooks around each document and after the last one. A hook
 * may return a promise (to load what only some inputs need); node visitors may not.
 */
export interface RuleVisitors extends NodeVisitors {
  /** Before `doc`'s walk; `false` leaves this rule's visitors out of that document (and its `documentEnd`). */
  document?(doc: SchemaDocument): boolean | void;
  /** After `doc`'s walk. */
  documentEnd?(doc: SchemaDocument): void | Promise<void>;
  /** After every document. */
  end?(): void | Promise<void>;
}

/** A rule about tools and files: reports through `ctx`; may return a promise (to load what only some inputs need). */
export interface CheckRule<K extends string = string> {
  meta: RuleMeta<K>;
  check(ctx: RuleContext<Record<K, number>>): void | Promise<void>;
}

/** A rule about schemas: `create` is called once per lint, before any document is walked. */
export interface VisitorRule<K extends string = string> {
  meta: RuleMeta<K>;
  create(ctx: RuleContext<Record<K, number>>): RuleVisitors;
}

export type Rule<K extends string = string> = CheckRule<K> | VisitorRule<K>;

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
