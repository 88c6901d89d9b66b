/**
 * Line and column for a JSON pointer, found with parsers that keep source offsets (a targeted scan
 * of the JSON structure, json-locate.ts; the `yaml` document for YAML, loaded only when a YAML file
 * needs a location), never by searching the text. Loaded only when a diagnostic needs a location.
 */
import { createRequire } from "node:module";
import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import type { Node as YamlNode } from "yaml";
import type { Diagnostic, SourceFile } from "../model.js";
import { jsonPointerOffset } from "./json-locate.js";
import { computeLineStarts, offsetToPosition, type Position } from "./lines.js";
import { splitPointer } from "./pointer.js";

export { offsetToPosition, type Position } from "./lines.js";

const lineStarts = new WeakMap<SourceFile, number[]>();
const yamlDocs = new WeakMap<SourceFile, YamlNode | null>();

function startsOf(file: SourceFile): number[] {
  let starts = lineStarts.get(file);
  if (!starts) {
    starts = computeLineStarts(file.text);
    lineStarts.set(file, starts);
  }
  return starts;
}

export function locateJsonSyntaxError(text: string): { message: string; line: number; column: number } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const pos = offsetToPosition(text, first.offset);
  return { message: describeJsonError(printParseErrorCode(first.error)), ...pos };
}

function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return `invalid JSON: ${words}`;
}

/**
 * The position of the key (or, for array items and the root, the value) that `pointer` names.
 * When the pointer goes further than the document, the deepest existing node is located.
 */
export function locatePointer(file: SourceFile, pointer: string): Position {
  const offset = file.format === "yaml" ? yamlOffset(file, pointer) : jsonOffset(file, pointer);
  return offsetToPosition(file.text, offset ?? 0, startsOf(file));
}

function jsonOffset(file: SourceFile, pointer: string): number | undefined {
  return jsonPointerOffset(file.text, splitPointer(pointer));
}

const require = createRequire(import.meta.url);

function yamlOffset(file: SourceFile, pointer: string): number | undefined {
  const { isMap, isScalar, isSeq, parseDocument } = require("yaml") as typeof import("yaml");
  let root = yamlDocs.get(file);
  if (root === undefined) {
    root = (parseDocument(file.text, { keepSourceTokens: false }).contents as YamlNode | null) ?? null;
    yamlDocs.set(file, root);
  }
  let node: YamlNode | null | undefined = root;
  if (!node) return 0;
  let offset = node.range?.[0] ?? 0;
  for (const token of splitPointer(pointer)) {
    if (isMap(node)) {
      const pair: (typeof node.items)[number] | undefined = node.items.find(
        (p) => isScalar(p.key) && String(p.key.value) === token,
      );
      if (!pair || !isScalar(pair.key)) return offset;
      offset = pair.key.range?.[0] ?? offset;
      node = pair.value as YamlNode | null;
      if (!node) return offset;
    } else if (isSeq(node)) {
      const item: YamlNode | undefined = /^\d+$/.test(token)
        ? (node.items[Number(token)] as YamlNode | undefined)
        : undefined;
      if (!item) return offset;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      return offset;
    }
  }
  return offset;
}

/**
 * Fills in `line`/`column` from each diagnostic's pointer (diagnostics that already have a position,
 * such as parse errors, keep theirs). `files` maps display paths to sources.
 */
export function withPositions(diagnostics: readonly Diagnostic[], files: ReadonlyMap<string, SourceFile>): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.line !== undefined) return d;
    const file = files.get(d.file);
    if (!file || file.parseError) return d;
    return { ...d, ...locatePointer(file, d.pointer) };
  });
}

/** Stable order for reports: file, line, column, rule, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    cmp(a.rule, b.rule) ||
    cmp(a.message, b.message)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
