/**
 * The lint stage: LoadedFolder (+ bundling results) -> Diagnostic[].
 * Runs every enabled rule of the list it is given (the catalogue's, src/catalog.ts): tool rules by their
 * `check`, schema rules by the visitors they return, over one walk of each document that knows no rule
 * (./schema-walk.ts). Rules that own loader diagnostics (parse, shape, duplicate
 * names, `$ref`s) re-report them, so every finding has a rule, a configurable severity and a docs page.
 */
import path from "node:path";
import type { LoadedFolder } from "../load/index.js";
import { isPlainObject } from "../schema/pointer.js";
import { compareDiagnostics, withPositions } from "../load/positions.js";
import { isToolDocument } from "../load/tools.js";
import type { BundledTool, Diagnostic, SourceFile, StageTimer } from "../model.js";
import { formatMessage, type Finding, type Rule, type RuleContext, type RuleVisitors, type RunFacts, type SchemaDocument, type ToolDocument } from "./rule.js";
import { visitsOf, walkSchema, type Visits } from "./schema-walk.js";
import { resolveRuleSettings, type RuleSetting } from "./settings.js";
import { describeRefProblems, ruleOfLoadProblem } from "./load-problems.js";
import type { RefProblem } from "../load/problems.js";

export { resolveRuleSettings, type ResolvedRuleSetting, type RuleSetting } from "./settings.js";
export { docsPath, type Rule, type RuleMeta, type RuleVisitors } from "./rule.js";

export interface LintOptions {
  /** Every rule, in report order (the catalogue's RULES). */
  registry: readonly Rule[];
  /** Rule settings, as composed from the config (validated here: unknown ids throw a UsageError). */
  rules: Readonly<Record<string, RuleSetting | unknown>>;
  /** Report only on these files (absolute paths); the rest of the folder is context. */
  onlyFiles?: ReadonlySet<string>;
  /** Called after each rule and after locating (StageTimer: see ../report/timings.ts). */
  mark?: StageTimer;
  /** The run's settings, the caps of the targets it checks and its config file (RuleContext.run). */
  run?: RunFacts;
}

/**
 * Every finding for the folder (loader and bundling diagnostics included), with the configured
 * severities, `off` rules left out, line and column filled in, sorted by file and position.
 */
export async function lint(
  loaded: LoadedFolder,
  bundled: { tools: readonly BundledTool[]; problems: readonly RefProblem[] },
  options: LintOptions,
): Promise<Diagnostic[]> {
  const rules = options.registry;
  const settings = resolveRuleSettings(rules, options.rules);
  const only = options.onlyFiles;
  const inScope = (file: SourceFile) => !only || only.has(file.absPath);

  const { tools, schemas, renderedTools } = documentsOf(loaded, bundled.tools, inScope);
  const inherited = describeRefProblems(bundled.problems);

  const findings: Diagnostic[] = [];
  // The topic of each finding that has one (see RuleMeta.yieldsTo).
  const topics = new Map<Diagnostic, string>();
  // The visitors of the schema rules, walked after the tool rules' checks.
  const visiting: RuleVisitors[] = [];
  for (const rule of rules) {
    const { id } = rule.meta;
    const setting = settings.get(id);
    if (!setting || setting.severity === "off") continue;
    const severity = setting.severity;
    const ctx: RuleContext = {
      options: setting.options,
      tools,
      schemas,
      renderedTools,
      loaderDiagnostics: inherited.filter((d) => d.rule === id),
      loadProblems: loaded.problems.filter((p) => ruleOfLoadProblem(p) === id),
      ...(options.run ? { run: options.run } : {}),
      report(finding: Finding) {
        const diagnostic = toDiagnostic(rule.meta.id, finding.warning ? "warning" : severity, rule.meta.messages, finding);
        findings.push(diagnostic);
        if (finding.topic !== undefined) topics.set(diagnostic, finding.topic);
      },
      forward(diagnostic: Diagnostic) {
        findings.push({ ...diagnostic, severity: diagnostic.severity === "warning" ? "warning" : severity });
      },
    };
    if ("check" in rule) await rule.check(ctx);
    else visiting.push(rule.create(ctx));
    options.mark?.(`rule ${id}`);
  }
  if (visiting.length > 0) {
    await walkDocuments(schemas, visiting);
    options.mark?.("schema rules");
  }
  if (topics.size > 0) dropYielded(findings, topics, rules);
  // A bundling diagnostic under an id no rule owns would otherwise vanish: keep it as an error.
  const owned = new Set(rules.map((r) => r.meta.id));
  findings.push(...inherited.filter((d) => !owned.has(d.rule)));

  const byDisplayPath = new Map<string, SourceFile>();
  for (let i = 0; i < loaded.files.length; i++) byDisplayPath.set(loaded.files[i]!.displayPath, loaded.files[i]!);
  const reported = only ? findings.filter((d) => only.has(byDisplayPath.get(d.file)?.absPath ?? path.resolve(d.file))) : findings;
  if (reported.length === 0) return [];
  const located = await locate(reported, loaded, byDisplayPath);
  options.mark?.("locate");
  return located;
}

/**
 * Walks each schema document once, calling the visitors of every schema rule that takes it (see
 * RuleVisitors), then each one's `documentEnd`; each rule's `end` after the last document.
 */
async function walkDocuments(schemas: readonly SchemaDocument[], visiting: readonly RuleVisitors[]): Promise<void> {
  // The functions of the rules that take a document, bound once per set of rules (most documents
  // are taken by the same rules: one set, or a few, for the whole folder).
  const visitsBySet = new Map<string, Visits>();
  const taking: RuleVisitors[] = [];
  for (let d = 0; d < schemas.length; d++) {
    const doc = schemas[d]!;
    taking.length = 0;
    let set = "";
    for (let i = 0; i < visiting.length; i++) {
      const visitors = visiting[i]!;
      const takes = visitors.document?.(doc) !== false;
      if (takes) taking.push(visitors);
      set += takes ? "1" : "0";
    }
    let visits = visitsBySet.get(set);
    if (visits === undefined) visitsBySet.set(set, (visits = visitsOf(taking)));
    walkSchema(doc, visits);
    for (let i = 0; i < taking.length; i++) {
      const pending = taking[i]!.documentEnd?.(doc);
      if (pending) await pending;
    }
  }
  for (let i = 0; i < visiting.length; i++) {
    const pending = visiting[i]!.end?.();
    if (pending) await pending;
  }
}

/** Leaves out, in place, each finding of a yielding rule (RuleMeta.yieldsTo) that its owner reports too (same file, pointer and topic). */
function dropYielded(findings: Diagnostic[], topics: ReadonlyMap<Diagnostic, string>, rules: readonly Rule[]): void {
  const YIELDS_TO: ReadonlyMap<string, string> = new Map(rules.flatMap((r) => (r.meta.yieldsTo === undefined ? [] : [[r.meta.id, r.meta.yieldsTo] as const])));
  const key = (rule: string, d: Diagnostic, topic: string) => JSON.stringify([rule, d.file, d.pointer, topic]);
  const said = new Set<string>();
  for (const [d, topic] of topics) said.add(key(d.rule, d, topic));
  let kept = 0;
  for (let i = 0; i < findings.length; i++) {
    const d = findings[i]!;
    const owner = YIELDS_TO.get(d.rule);
    const topic = owner === undefined ? undefined : topics.get(d);
    if (owner !== undefined && topic !== undefined && said.has(key(owner, d, topic))) continue;
    findings[kept++] = d;
  }
  findings.length = kept;
}

/** What the rules look at: the tool files and schemas in scope, and the tools a build renders. */
function documentsOf(
  loaded: LoadedFolder,
  bundledTools: readonly BundledTool[],
  inScope: (file: SourceFile) => boolean,
): Pick<RuleContext, "tools" | "schemas" | "renderedTools"> {
  // Plain loops: a thousand tools made a thousand small arrays through flatMap.
  const bundledBySource = new Map<string, BundledTool>();
  for (let i = 0; i < bundledTools.length; i++) bundledBySource.set(bundledTools[i]!.source.absPath, bundledTools[i]!);
  const toolByFile = new Map<string, ToolDocument>();
  const fragments: SchemaDocument[] = [];
  for (let i = 0; i < loaded.files.length; i++) {
    const file = loaded.files[i]!;
    if (file.parseError) continue;
    if (isToolDocument(file.data)) toolByFile.set(file.absPath, toolDocument(file, file.data, bundledBySource.get(file.absPath)));
    else if (isPlainObject(file.data) && inScope(file)) fragments.push({ file, schema: file.data, pointer: "" });
  }
  const tools: ToolDocument[] = [];
  const schemas: SchemaDocument[] = [];
  for (const tool of toolByFile.values()) {
    if (!inScope(tool.file)) continue;
    tools.push(tool);
    if (tool.inputSchema) schemas.push({ file: tool.file, tool, schema: tool.inputSchema, pointer: "/input_schema" });
  }
  for (let i = 0; i < fragments.length; i++) schemas.push(fragments[i]!);
  const renderedTools: ToolDocument[] = [];
  for (let i = 0; i < loaded.tools.length; i++) {
    const tool = toolByFile.get(loaded.tools[i]!.source.absPath);
    if (tool) renderedTools.push(tool);
  }
  return { tools, schemas, renderedTools };
}

function toolDocument(file: SourceFile, data: Record<string, unknown>, bundled: BundledTool | undefined): ToolDocument {
  const tool: ToolDocument = { file, data };
  if (typeof data.name === "string") tool.name = data.name;
  if (typeof data.description === "string") tool.description = data.description;
  if (isPlainObject(data.input_schema)) tool.inputSchema = data.input_schema;
  if (bundled) tool.bundledSchema = bundled.bundledSchema;
  if (bundled?.bundledOutputSchema) tool.bundledOutputSchema = bundled.bundledOutputSchema;
  return tool;
}

function toDiagnostic(
  rule: string,
  severity: Diagnostic["severity"],
  messages: Record<string, string>,
  finding: Finding,
): Diagnostic {
  const template = messages[finding.messageId];
  if (template === undefined) throw new Error(`lint rule ${rule} has no message '${finding.messageId}'`);
  const file = finding.file ?? finding.tool?.file;
  if (!file) throw new Error(`lint rule ${rule} reported without a file`);
  const diagnostic: Diagnostic = {
    file: file.displayPath,
    rule,
    severity,
    message: formatMessage(template, finding.data),
    pointer: finding.pointer,
  };
  const tool = finding.tool?.name ?? finding.toolName;
  if (tool !== undefined) diagnostic.tool = tool;
  if (finding.line !== undefined && finding.column !== undefined) Object.assign(diagnostic, { line: finding.line, column: finding.column });
  return diagnostic;
}

/** Line and column from each pointer (files by display path: the folder's, then any `$ref` target), then sorted. */
async function locate(diagnostics: Diagnostic[], loaded: LoadedFolder, files: Map<string, SourceFile>): Promise<Diagnostic[]> {
  for (const d of diagnostics) {
    if (d.line !== undefined || files.has(d.file)) continue;
    // A file outside the folder, read while bundling (a `$ref` target).
    const file = await loaded.lookup(path.resolve(d.file));
    if (file) files.set(d.file, file);
  }
  return withPositions(diagnostics, files).sort(compareDiagnostics);
}
