/**
 * The types passed between the pipeline's stages:
 * load -> ToolSpec[] -> lint -> Diagnostic[] -> emit -> GeneratedFile[] -> write | check.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export type Severity = "error" | "warning";

/** One problem found in the input, located by file and JSON pointer (RFC 6901). */
export interface Diagnostic {
  /** Path of the file, relative to the current working directory, with forward slashes. */
  file: string;
  /** The tool the problem belongs to, when known. */
  tool?: string;
  /** The rule id, e.g. `parse-error`, `ref-resolvable`. */
  rule: string;
  severity: Severity;
  message: string;
  /** JSON pointer into the file (`""` for the whole document). */
  pointer: string;
  /** 1-based line and column of the offending key or value, when known. */
  line?: number;
  column?: number;
}

export type SourceFormat = "json" | "yaml";

/** A file read from the schemas folder (or referenced from it), parsed or not. */
export interface SourceFile {
  /** Absolute path. */
  absPath: string;
  /** Path for messages: relative to the working directory, forward slashes. */
  displayPath: string;
  format: SourceFormat;
  text: string;
  /** The parsed document; undefined when it failed to parse. */
  data?: unknown;
  /** Set when the file failed to parse. */
  parseError?: { message: string; line: number; column: number };
}

/** One tool definition, as written in its file (not bundled, never mutated). */
export interface ToolSpec {
  name: string;
  /** Absent when the file has none (the linter reports it). */
  description?: string;
  /** The input schema as written; local `$ref`s resolve against it. */
  inputSchema: JsonObject;
  /** The file it came from. */
  source: SourceFile;
  /** Claude's newer tool fields as written (types checked), passed through to tools.json (src/load/tool-fields.ts). */
  fields?: ToolFields;
  /** The file's `tags` (toolsets select by them, the tool search indexes them); never sent to a provider. */
  tags?: string[];
}

/** `allowed_callers` values (the SDK's `Tool` type, @anthropic-ai/sdk 1.12.0). */
export type AllowedCaller = "direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521";

/** The optional fields of the API's `Tool` beyond name, description and input_schema (issue 15). */
export interface ToolFields {
  type?: "custom";
  strict?: boolean;
  input_examples?: JsonObject[];
  cache_control?: { type: "ephemeral"; ttl?: "5m" | "1h" } | null;
  defer_loading?: boolean;
  allowed_callers?: AllowedCaller[];
  eager_input_streaming?: boolean | null;
  /** toolgen's own (not sent to the API): each call needs a person's approval (the openai-agents output's `needsApproval`). */
  needs_approval?: boolean;
}

/** A tool whose external references have been bundled into `$defs`: self-contained. */
export interface BundledTool extends ToolSpec {
  bundledSchema: JsonObject;
  /** The tool file's MCP output schema (`output_schema`/`outputSchema`), bundled like the input schema. */
  bundledOutputSchema?: JsonObject;
}

/** One output file: a path relative to an output root, and its exact bytes. */
export interface GeneratedFile {
  /** Which folder the file belongs to. */
  root: "out" | "handlers";
  /** Path relative to that root, forward slashes. */
  path: string;
  contents: string;
  /**
   * `generated` files are owned by toolgen and rewritten on every build;
   * `user` files (handler stubs) are created once and then only edited in place.
   */
  ownership: "generated" | "user";
  /**
   * For an update of a user file: the text it was computed from (null: the file did not exist).
   * The writer re-reads the file and skips the update when it changed meanwhile.
   */
  basedOn?: string | null;
}

/** Told when each stage of a build or a lint ends (report/timings.ts prints it with TOOLGEN_TIMINGS=1). */
export type StageTimer = (stage: string) => void;
