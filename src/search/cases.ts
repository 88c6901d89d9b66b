/**
 * The cases file of `toolgen eval` and `toolgen diff --eval`: JSONL (one case a line) or YAML (a
 * list). Apart from ./eval.ts so that what only renders or compares eval results (diff's report)
 * does not load the YAML parser.
 */
import { UsageError } from "../errors.js";
import { parseYaml } from "../load/yaml.js";
import type { JsonObject } from "../model.js";

export interface EvalCase {
  request: string;
  expected: string[];
  arguments?: JsonObject;
  /** Tools the model must not call for it (`toolgen eval --model`; the search eval ignores it). */
  forbidden?: string[];
  /** What the model's arguments must contain, a subset (`toolgen eval --model`). */
  expectedArgs?: JsonObject;
  /** The toolset it is run in (over `--toolset`). */
  toolset?: string;
  /** Where it is, for messages: `cases.jsonl:12` or `cases.yaml: case 3`. */
  where: string;
  /** Its 1-based line in a JSONL file (none for YAML). */
  line?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const CASE_KEYS = ["request", "expected", "expected_any", "arguments", "forbidden", "expected_args", "toolset"];

const toolNames = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every((e) => typeof e === "string" && e !== "");

function readCase(value: unknown, where: string): EvalCase {
  if (!isRecord(value)) throw new UsageError(`${where}: a case must be an object { "request": ..., "expected": ... }`);
  const extra = Object.keys(value).find((k) => !CASE_KEYS.includes(k));
  if (extra !== undefined) throw new UsageError(`${where}: unknown key '${extra.slice(0, 40)}' (known: ${CASE_KEYS.join(", ")})`);
  if (typeof value.request !== "string" || value.request.trim() === "") throw new UsageError(`${where}: "request" must be a non-empty string`);
  if (value.expected !== undefined && value.expected_any !== undefined) throw new UsageError(`${where}: give "expected" or "expected_any", not both`);
  const given = value.expected ?? value.expected_any;
  const expected = typeof given === "string" ? [given] : given;
  if (!toolNames(expected)) throw new UsageError(`${where}: "expected" (or "expected_any") must be a tool name or a non-empty array of tool names`);
  if (value.arguments !== undefined && !isRecord(value.arguments)) throw new UsageError(`${where}: "arguments" must be an object (the expected tool's input)`);
  if (value.expected_args !== undefined && !isRecord(value.expected_args)) throw new UsageError(`${where}: "expected_args" must be an object (what the model's arguments must contain)`);
  const forbidden = typeof value.forbidden === "string" ? [value.forbidden] : value.forbidden;
  if (forbidden !== undefined && !toolNames(forbidden)) throw new UsageError(`${where}: "forbidden" must be a tool name or a non-empty array of tool names`);
  if (value.toolset !== undefined && (typeof value.toolset !== "string" || value.toolset === "")) throw new UsageError(`${where}: "toolset" must be a toolset name of the config`);
  return {
    request: value.request,
    expected,
    ...(value.arguments !== undefined ? { arguments: value.arguments as JsonObject } : {}),
    ...(forbidden !== undefined ? { forbidden } : {}),
    ...(value.expected_args !== undefined ? { expectedArgs: value.expected_args as JsonObject } : {}),
    ...(typeof value.toolset === "string" ? { toolset: value.toolset } : {}),
    where,
  };
}

/** The cases of a file's text: JSONL unless the name ends .yaml/.yml. `file` names it in messages. */
export function parseCases(text: string, file: string): EvalCase[] {
  if (/\.ya?ml$/i.test(file)) {
    const parsed = parseYaml(text);
    if ("error" in parsed) throw new UsageError(`${file}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.message}`);
    if (!Array.isArray(parsed.data)) throw new UsageError(`${file}: must hold a list of cases`);
    return parsed.data.map((c, i) => readCase(c, `${file}: case ${i + 1}`));
  }
  const cases: EvalCase[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "" || line.trimStart().startsWith("//")) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${file}:${i + 1}: not JSON (${error instanceof Error ? error.message.slice(0, 120) : "parse error"}); a JSONL cases file holds one JSON object a line`);
    }
    cases.push({ ...readCase(value, `${file}:${i + 1}`), line: i + 1 });
  });
  if (cases.length === 0) throw new UsageError(`${file}: no cases`);
  return cases;
}

