/**
 * Line and column for a JSON pointer, found with parsers that keep source offsets (a targeted scan
 * of the JSON structure, json-locate.ts; the `yaml` document for YAML, loaded only when a YAML file
 * needs a location), never by searching the text. Small and dependency-free until then: the linter
 * imports it with the rest (a late dynamic import cost more than loading it up front).
 */
import { createRequire } from "node:module";
import type { Node as YamlNode } from "yaml";
import type { Diagnostic, SourceFile } from "../model.js";
import { jsonKeyOffset } from "./json-locate.js";
import { offsetToPosition, positionsOf, type Position } from "./lines.js";
import { splitPointer } from "../schema/pointer.js";

export { offsetToPosition, type Position } from "./lines.js";

const yamlDocs = new WeakMap<SourceFile, YamlNode | null>();

/**
 * The position of the key (or, for array items and the root, the value) that `pointer` names.
 * When the pointer goes further than the document, the deepest existing node is located.
 */
export function locatePointer(file: SourceFile, pointer: string): Position {
  return offsetToPosition(file.text, offsetOf(file, pointer));
}

function offsetOf(file: SourceFile, pointer: string): number {
  return (file.format === "yaml" ? yamlOffset(file, pointer) : jsonKeyOffset(file.text, file.data, splitPointer(pointer))) ?? 0;
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
 * such as parse errors, keep theirs). `files` maps display paths to sources. The diagnostics of one
 * file are located together, in one pass over its lines.
 */
export function withPositions(diagnostics: readonly Diagnostic[], files: ReadonlyMap<string, SourceFile>): Diagnostic[] {
  const result = diagnostics.slice();
  const byFile = new Map<SourceFile, number[]>();
  diagnostics.forEach((d, index) => {
    if (d.line !== undefined) return;
    const file = files.get(d.file);
    if (!file || file.parseError) return;
    const list = byFile.get(file);
    if (list) list.push(index);
    else byFile.set(file, [index]);
  });
  for (const [file, indices] of byFile) {
    const positions = positionsOf(file.text, indices.map((i) => offsetOf(file, diagnostics[i]!.pointer)));
    indices.forEach((index, k) => {
      result[index] = placed(diagnostics[index]!, positions[k]!);
    });
  }
  return result;
}

/** A copy of `d` at `position` (built field by field: object spread is slow in code run once). */
function placed(d: Diagnostic, { line, column }: Position): Diagnostic {
  const { file, tool, rule, severity, message, pointer } = d;
  return tool === undefined
    ? { file, rule, severity, message, pointer, line, column }
    : { file, tool, rule, severity, message, pointer, line, column };
}

/**
 * Stable order for reports: file, line, column, rule, message, then pointer (two pointers can land
 * on one place, through a YAML alias or a repeated key: the order must not depend on how rules walk).
 */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    cmp(a.rule, b.rule) ||
    cmp(a.message, b.message) ||
    cmp(a.pointer, b.pointer)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
