/**
 * Bundling: makes each tool's input schema self-contained, as the API requires (it resolves no
 * references across files). External references are copied into `$defs` under fresh names and
 * rewritten to point there; local references (`#/$defs/x`, relative to `input_schema`) are kept.
 * Recursive definitions terminate because each (file, pointer) is imported once. Input is never mutated.
 */
import path from "node:path";
import type { BundledTool, JsonObject, JsonValue, SourceFile, ToolSpec } from "../model.js";
import type { RefProblem } from "./problems.js";
import { DATA_KEYWORDS, IN_PLACE_KEYWORDS } from "../schema/keywords.js";
import { decodeFragment, escapeToken, getByPointer, isPlainObject, joinPointer, setOwn, splitPointer } from "../schema/pointer.js";
import { findInPlaceCycle, resolveLocal } from "../schema/refs.js";
import { refStringsInText } from "./text-facts.js";
import { isToolDocument } from "./tools.js";

export type FileLookup = (absPath: string) => Promise<SourceFile | undefined>;

interface Context {
  file: SourceFile;
  /** Pointer (in the file) of the node being copied. */
  pointer: string;
}

/**
 * `root`: the schema of the tool file to bundle and its pointer there (default: the input schema; the
 * `mcp` output bundles an output schema the same way, `#` then meaning that schema).
 */
export async function bundleTool(
  tool: ToolSpec,
  lookup: FileLookup,
  root: { schema: JsonObject; pointer: string } = { schema: tool.inputSchema, pointer: "/input_schema" },
): Promise<{ tool?: BundledTool; problems: RefProblem[] }> {
  const problems: RefProblem[] = [];
  const imported = new Map<string, string>();
  const extraDefs: [string, JsonValue][] = [];
  const existingDefs = isPlainObject(root.schema.$defs) ? Object.keys(root.schema.$defs) : [];
  const usedNames = new Set(existingDefs);

  /** In a tool file, `#` means the input schema (as the API sees it; the bundled schema in the tool's own file); elsewhere the file's root. */
  const localBase = (file: SourceFile) => (file === tool.source ? root.pointer : isToolDocument(file.data) ? "/input_schema" : "");

  const fail = (ctx: Context, ref: string, why: string) => {
    problems.push({ kind: "unresolved", file: ctx.file.displayPath, tool: tool.name, pointer: joinPointer(ctx.pointer, "$ref"), data: { ref, why } });
  };

  const checkCycles = (schema: JsonObject, importedNames: ReadonlySet<string>): void => {
    const found = cycleProblem(tool, root.pointer, schema, importedNames);
    if (found !== undefined) problems.push(found);
  };

  async function resolveRef(ref: string, ctx: Context): Promise<string> {
    const hash = ref.indexOf("#");
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = decodeFragment(hash < 0 ? "" : ref.slice(hash + 1));
    if (fragment === undefined) {
      fail(ctx, ref, "the fragment is not valid URI encoding");
      return ref;
    }
    if (fragment !== "" && !fragment.startsWith("/")) {
      fail(ctx, ref, "only JSON-pointer fragments (#/...) are supported, not anchors");
      return ref;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
      fail(ctx, ref, "remote references are not supported; put the schema in the schemas folder");
      return ref;
    }
    const targetFile = filePart === "" ? ctx.file : await lookup(path.resolve(path.dirname(ctx.file.absPath), filePart));
    if (!targetFile) {
      fail(ctx, ref, `file not found (looked for ${path.relative(process.cwd(), path.resolve(path.dirname(ctx.file.absPath), filePart)).split(path.sep).join("/")})`);
      return ref;
    }
    if (targetFile.parseError) {
      fail(ctx, ref, `${targetFile.displayPath}: ${targetFile.parseError.message}`);
      return ref;
    }
    const targetPointer = (filePart === "" ? localBase(targetFile) : "") + fragment;
    const target = getByPointer(targetFile.data, targetPointer);
    if (target === undefined) {
      fail(ctx, ref, `nothing at '#${fragment}' in ${targetFile.displayPath}`);
      return ref;
    }
    // A local reference inside the tool's own input schema stays as written.
    if (filePart === "" && targetFile === tool.source) return ref;

    const key = `${targetFile.absPath}#${targetPointer}`;
    const known = imported.get(key);
    if (known !== undefined) return `#/$defs/${escapeToken(known)}`;
    const name = uniqueName(defNameFor(targetFile.absPath, targetPointer), usedNames);
    imported.set(key, name);
    const slot: [string, JsonValue] = [name, null];
    extraDefs.push(slot);
    slot[1] = await copy(target, { file: targetFile, pointer: targetPointer });
    return `#/$defs/${escapeToken(name)}`;
  }

  async function copy(node: unknown, ctx: Context): Promise<JsonValue> {
    if (Array.isArray(node)) {
      const out: JsonValue[] = [];
      for (let i = 0; i < node.length; i++) out.push(await copy(node[i], { file: ctx.file, pointer: joinPointer(ctx.pointer, i) }));
      return out;
    }
    if (!isPlainObject(node)) return node as JsonValue;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === "$ref" && typeof value === "string") setOwn(out, key, await resolveRef(value, ctx));
      else if (DATA_KEYWORDS.has(key)) setOwn(out, key, structuredClone(value));
      else setOwn(out, key, await copy(value, { file: ctx.file, pointer: joinPointer(ctx.pointer, key) }));
    }
    return out as JsonObject;
  }

  // Most tools reference nothing outside their own schema: their references are checked in place
  // and the (never mutated) input is shared instead of copied.
  const found = bundleInPlace(tool, root);
  if (found !== undefined) return found.length === 0 ? { tool: { ...tool, bundledSchema: root.schema }, problems } : { problems: [...found] };
  const refs = collectRefs(root.schema, false);
  if (refs.every((r) => r.ref.startsWith("#"))) {
    // Every reference is local and one does not resolve: reported at its holder's path (found by
    // walking again only now: the same walk, so the same order).
    const withPaths = collectRefs(root.schema, true);
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i]!.ref;
      if (resolveLocal(root.schema, ref) !== undefined) continue;
      await resolveRef(ref, { file: tool.source, pointer: joinPointer(root.pointer, ...withPaths[i]!.path) });
    }
    if (problems.length > 0) return { problems };
  }

  const schema = (await copy(root.schema, { file: tool.source, pointer: root.pointer })) as JsonObject;
  if (problems.length > 0) return { problems };
  if (extraDefs.length > 0) {
    const defs: Record<string, unknown> = isPlainObject(schema.$defs) ? schema.$defs : {};
    for (const [name, value] of extraDefs) setOwn(defs, name, value);
    schema.$defs = defs as JsonObject;
  }
  checkCycles(schema, new Set(extraDefs.map(([name]) => name)));
  if (problems.length > 0) return { problems };
  return { tool: { ...tool, bundledSchema: schema }, problems };
}

const NONE: readonly RefProblem[] = [];
/** Text that may spell a dynamic reference's key (an escaped key has a backslash in it). */
const DYNAMIC_REF_TEXT = /dynamicRef|recursiveRef|\\[uxU]/;

/**
 * The problems of bundling `root` (a schema of `tool`'s file) in place, without copying: none, or
 * a cycle of in-place references. `undefined` when that cannot be said here (a reference to another
 * file, or one that does not resolve): the full bundler decides. Synchronous, so the
 * usual tool costs no promise. The references are read from the file's text when it can list them
 * (refStringsInText: maybe more than the schema holds, each of which must resolve too), else
 * collected from the parsed schema.
 */
export function bundleInPlace(tool: ToolSpec, root: { schema: JsonObject; pointer: string }): readonly RefProblem[] | undefined {
  const listed = refStringsInText(tool.source);
  // A string the text lists that does not resolve may be one the schema does not hold: ask the schema.
  return (listed === undefined ? undefined : inPlace(tool, root, listed)) ?? inPlace(tool, root, refStringsOf(root.schema));
}

function inPlace(tool: ToolSpec, root: { schema: JsonObject; pointer: string }, refs: readonly string[]): readonly RefProblem[] | undefined {
  // A dynamic reference ($dynamicRef, $recursiveRef) can close a cycle without any $ref (findInPlaceCycle).
  if (DYNAMIC_REF_TEXT.test(tool.source.text)) {
    const cycle = cycleProblem(tool, root.pointer, root.schema, new Set());
    if (cycle !== undefined) return [cycle];
  }
  if (refs.length === 0) return NONE;
  const targets: unknown[] = new Array<unknown>(refs.length);
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i]!;
    const target = ref.charCodeAt(0) === 0x23 ? resolveLocal(root.schema, ref) : undefined;
    if (target === undefined) return undefined;
    targets[i] = target;
  }
  // A cycle needs a reference whose target leads, in place, to a reference: most tools have
  // none (their references name object definitions), and skip that walk.
  if (!reachesRef(targets)) return NONE;
  const cycle = cycleProblem(tool, root.pointer, root.schema, new Set());
  return cycle === undefined ? NONE : [cycle];
}

/**
 * A cycle of references that never descends into a property or an item describes no value (a
 * validator would loop forever): an input error, at the `$ref` that closes it when that `$ref` is
 * in the tool's own schema, else at the schema's root (the cycle runs through imported definitions).
 */
function cycleProblem(tool: ToolSpec, rootPointer: string, schema: JsonObject, importedNames: ReadonlySet<string>): RefProblem | undefined {
  const cycle = findInPlaceCycle(schema);
  if (cycle === undefined) return undefined;
  const tokens = splitPointer(cycle.pointer);
  const own = !((tokens[0] === "$defs") && importedNames.has(tokens[1] ?? ""));
  return {
    kind: cycle.dynamic ? "dynamic-cycle" : "cycle",
    file: tool.source.displayPath,
    tool: tool.name,
    pointer: own ? joinPointer(rootPointer, ...tokens) : rootPointer,
    data: { refs: cycle.refs.map((r) => `'${r}'`).join(" -> ") },
  };
}

/**
 * Whether some reference's target reaches, through keywords that apply to the same value (`allOf`,
 * `not`, ...: IN_PLACE_KEYWORDS) and no `$ref`, a schema that has a `$ref` (the target itself
 * included). A cycle of in-place references (findInPlaceCycle) follows at least one reference, and
 * from its target goes on in place to the next one; so when this is false for the targets of every
 * reference there is no such cycle.
 */
function reachesRef(targets: readonly unknown[]): boolean {
  const seen = new Set<object>();
  const reaches = (node: unknown): boolean => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (reaches(node[i])) return true;
      return false;
    }
    if (!isPlainObject(node) || seen.has(node)) return false;
    seen.add(node);
    if (typeof node.$ref === "string") return true;
    const keys = Object.keys(node);
    for (let k = 0; k < keys.length; k++) {
      const keyword = keys[k]!;
      if (!IN_PLACE_KEYWORDS.has(keyword)) continue;
      const value = node[keyword];
      if (keyword === "dependentSchemas" && isPlainObject(value)) {
        const names = Object.keys(value);
        for (let j = 0; j < names.length; j++) if (reaches(value[names[j]!])) return true;
      } else if (reaches(value)) {
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < targets.length; i++) if (reaches(targets[i])) return true;
  return false;
}

/** The strings of every `$ref` in a schema (collectRefs), each once. */
function refStringsOf(root: unknown): string[] {
  const found = collectRefs(root, false);
  const refs = new Set<string>();
  for (let i = 0; i < found.length; i++) refs.add(found[i]!.ref);
  return [...refs];
}

/**
 * Every `$ref` string in a schema, with the path of the object holding it (data keywords skipped);
 * the paths are left empty unless `paths` is set (only a reference that fails to resolve needs one).
 */
function collectRefs(root: unknown, paths: boolean): { ref: string; path: string[] }[] {
  const found: { ref: string; path: string[] }[] = [];
  const path: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (paths) path.push(String(i));
        walk(node[i]);
        if (paths) path.pop();
      }
    } else if (isPlainObject(node)) {
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (key === "$ref" && typeof value === "string") found.push({ ref: value, path: paths ? [...path] : NO_PATH });
        else if (!DATA_KEYWORDS.has(key) && value !== null && typeof value === "object") {
          if (paths) path.push(key);
          walk(value);
          if (paths) path.pop();
        }
      }
    }
  };
  walk(root);
  return found;
}

const NO_PATH: string[] = [];

/** `common/address.json` -> `address`; `x.json#/$defs/y` -> `x_y`. */
function defNameFor(absPath: string, pointer: string): string {
  const base = path.basename(absPath).replace(/\.(json|ya?ml)$/i, "");
  const last = pointer.split("/").filter((t) => t !== "" && t !== "$defs" && t !== "definitions" && t !== "input_schema").pop();
  const raw = last ? `${base}_${last}` : base;
  return raw.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "def";
}

function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}_${i}`;
  used.add(name);
  return name;
}
