/**
 * Each tool's validator, made at build time: one module per tool, `validators/<file>.ts`, loaded
 * lazily by the dispatcher (`import("./validators/<file>.js")`), so nothing is compiled when the
 * user's process starts. Two kinds, decided per tool from its schema alone (validator-data.ts):
 *
 * - Most tools: the schema as data (JSON text without annotations, one line) handed to the
 *   interpreter `runtime/validate.ts`, which gives ajv's verdict and ajv's errors (same objects,
 *   same order: test/runtime/validate.test.ts compares them with the ajv code below). Typed
 *   TypeScript, a few hundred bytes: smaller than the tool file, and cheap for tsc to read.
 * - A schema with a keyword the interpreter does not imitate (validator-data.ts lists them): ajv's
 *   standalone code, with ajv's run-time helpers pointed at the generated `runtime/` folder: `ajv.ts`
 *   (equal, ucs2length), `formats.ts` (`format`).
 *
 * Either kind imports `runtime/re2.ts` (see below) when its schema has a `pattern` or
 * `patternProperties`, and only then is that file shipped.
 *
 * Why TypeScript files: the project's own build must carry them wherever it
 * carries index.ts. tsc follows the `import()` to a `.ts` file and emits it into the outDir; tsx and
 * the bundlers load it like the rest of the folder. (As `.mjs` with a `.d.mts`
 * beside them, tsc took the declaration in their place and left them out of the outDir: every call of
 * a compiled project failed.) Ajv's code starts with `// @ts-nocheck`: the type-checker parses and
 * binds it but never checks ajv's untyped code. In both kinds the one export is annotated
 * (`ValidateFunction`), so a declaration emit infers nothing. In a CommonJS package tsc emits them
 * as CommonJS like their neighbours.
 *
 * Why re2js for `pattern`: ajv compiles patterns to native RegExp, which backtracks (`^(a+)+$`
 * on 41 characters of model input did not finish in 30 s). The engine must run in linear time and
 * keep the generated folder free of npm packages. `re2` (native bindings) needs a compiled addon at
 * run time, per platform: not dependency-free. `re2-wasm` ships a WebAssembly blob and loads it
 * asynchronously, which ajv's synchronous `code.regExp` (and the interpreter) cannot wait for. `re2js` is pure
 * JavaScript (MIT), so its one ES-module file is vendored into `runtime/re2.ts` with its licence
 * header (laid out within 120 columns: src/runtime/vendor/re2js.js, from scripts/vendor-re2.mjs), and only for projects whose schemas have a pattern: about 260 KB (65 KB gzipped) of
 * generated code that is read only when a validator using a pattern is first loaded.
 */
import { createRequire } from "node:module";
import type { Ajv, AnySchemaObject, CodeKeywordDefinition, Options } from "ajv";
import type { RegExpEngine } from "ajv/dist/types/index.js";
import type { GeneratedFile } from "../model.js";
import type { ToolSource } from "./artifacts.js";
import type { ToolNames } from "./names.js";
import { tsString } from "./names.js";
import { GENERATED_HEADER, NOCHECK } from "./literal.js";
import { MAX_LINE, templateStatement } from "./code-lines.js";
import { UserError } from "../errors.js";
import { formats } from "../runtime/formats.js";
import { toRe2Syntax } from "../runtime/pattern.js";
import { duplicatePair } from "../runtime/ajv.js";
import { SchemaCompileError } from "../load/compile-error.js";
import { isPlainObject as isObject, setOwn } from "../schema/pointer.js";
import { readsAs2020 } from "../schema/dialect.js";
import { interpretedSchema } from "./validator-data.js";

/** ajv run-time helper -> [name, module under the generated runtime/ folder]. */
const HELPERS: Record<string, readonly [string, string]> = {
  equal: ["equal", "ajv.js"],
  ucs2length: ["ucs2length", "ajv.js"],
  duplicatePair: ["duplicatePair", "ajv.js"],
  formats: ["formats", "formats.js"],
  re2: ["re2", "re2.js"],
};

interface AjvCompiler {
  /** A fresh instance for one schema, with toolgen's options and `uniqueItems`. */
  create(draft2020: boolean): Ajv;
  standaloneCode(ajv: Ajv, validate: ReturnType<Ajv["compile"]>): string;
}

const require = createRequire(import.meta.url);
let ajvCompiler: AjvCompiler | undefined;
let re2: RegExpEngine | undefined;

/**
 * The engine ajv calls at build time (to check and key patterns), and the check of an interpreted
 * schema's patterns; generated code imports `re2`. re2js is loaded for the first pattern.
 */
function re2Engine(): RegExpEngine {
  if (re2 !== undefined) return re2;
  const { RE2JS } = require("re2js") as typeof import("re2js");
  return (re2 = Object.assign(
    (pattern: string) => {
      let compiled: InstanceType<typeof RE2JS>;
      try {
        compiled = RE2JS.compile(toRe2Syntax(pattern));
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        throw new UserError(`pattern '${pattern}' cannot run on the linear-time engine (RE2) that validates tool input: ${problem} (lint rule pattern-supported)`);
      }
      return { test: (s: string): boolean => compiled.test(s), toString: () => pattern };
    },
    { code: 'require("ajv/dist/runtime/re2").default' },
  ));
}

/**
 * Ajv and its standalone code generator, loaded for the first schema the interpreter does not take:
 * most folders have none, and loading them cost 20 ms of a 200 ms cold build (bench/RESULTS.md,
 * 2026-11-27).
 */
function loadAjvCompiler(): AjvCompiler {
  if (ajvCompiler !== undefined) return ajvCompiler;
  const { Ajv: Ajv07, _, str } = require("ajv") as typeof import("ajv");
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const standalone = (require("ajv/dist/standalone/index.js") as { default: (ajv: Ajv, validate: ReturnType<Ajv["compile"]>) => string }).default;
  const options: Options = {
    // optimize: false skips ajv's code-size passes: compiling takes half the time, the code behaves the same.
    code: {
      source: true,
      esm: true,
      lines: false,
      optimize: false,
      regExp: re2Engine(),
      formats: _`require("ajv/dist/runtime/formats").default`,
    },
    allErrors: true,
    strict: false,
    // Own properties only: `required: ["constructor"]` is not met by `{}`, and an absent optional
    // `toString` is not checked against Object.prototype's.
    ownProperties: true,
    validateFormats: true,
    formats,
    logger: false,
    validateSchema: false,
    addUsedSchema: false,
    meta: false,
  };

  /** `uniqueItems` through runtime/ajv.ts's linear `duplicatePair`, with ajv's error and params. */
  const uniqueItems: CodeKeywordDefinition = {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    error: {
      message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
    },
    code(cxt) {
      if (cxt.schema !== true) return;
      const fn = cxt.gen.scopeValue("func", { ref: duplicatePair, code: _`require("ajv/dist/runtime/duplicatePair").default` });
      const pair = cxt.gen.const("pair", _`${fn}(${cxt.data})`);
      cxt.setParams({ i: _`${pair}[0]`, j: _`${pair}[1]` });
      cxt.fail(_`${pair} !== null`);
    },
  };

  return (ajvCompiler = {
    create: (draft2020) => (draft2020 ? new Ajv2020(options) : new Ajv07(options)).removeKeyword("uniqueItems").addKeyword(uniqueItems),
    standaloneCode: standalone,
  });
}

/**
 * Compiles one tool's validator with a fresh ajv instance (no meta-schemas: schemas are not
 * validated here, the linter does that), so the generated code depends on that tool alone: the same
 * bytes whatever other tools are built with it, in whatever order or thread. It is also faster than
 * one shared instance, whose scope grows with every schema. Throws when a pattern is one RE2 cannot
 * run (the lint rule `pattern-supported` reports it first).
 */
export function compileValidator(tool: ToolSource, names: ToolNames, { interpret = true }: { interpret?: boolean } = {}): GeneratedFile {
  // A shallow copy without `$id` and `$schema` (ajv never writes to the schemas it compiles).
  const { $id: _id, $schema, ...schema } = protoAsPattern(tool.bundledSchema) as AnySchemaObject;
  const draft2020 = readsAs2020(tool.bundledSchema);
  const interpreted = interpret ? interpretedSchema(schema, draft2020) : undefined;
  if (interpreted !== undefined) return interpretedModule(tool, names, interpreted, draft2020);
  const { create, standaloneCode } = loadAjvCompiler();
  const ajv = create(draft2020);
  let compiled;
  try {
    compiled = ajv.compile(schema);
  } catch (error) {
    if (error instanceof UserError) throw new UserError(`tool '${tool.name}': ${error.message}`);
    throw new SchemaCompileError(tool.name, "Ajv", error);
  }
  let code = standaloneCode(ajv, compiled);
  const used = new Map<string, Set<string>>();
  code = code.replace(/require\("ajv\/dist\/runtime\/([a-z0-9_]+)"\)\.default/gi, (_m, helper: string) => {
    const target = HELPERS[helper];
    if (!target) throw new Error(`ajv standalone code needs the run-time helper '${helper}', which toolgen does not provide`);
    const [name, file] = target;
    let names = used.get(file);
    if (names === undefined) used.set(file, (names = new Set()));
    names.add(name);
    return name;
  });
  if (/\brequire\(/.test(code)) throw new Error(`ajv standalone code for ${tool.name} still requires a module`);
  code = code.replace(/^"use strict";/, "");
  // ajv prints schema data (enum, const, default values) as JSON, and in JavaScript source
  // `{"__proto__": v}` sets the prototype instead of defining a key: `enum: [{"__proto__": 1}]`
  // would accept `{}`. A computed key defines it. (Inside a JSON string every `"` is escaped, so
  // a quote right after `{` or `,` always opens a key.)
  code = code.replace(/([{,])"__proto__":/g, '$1["__proto__"]:');
  code = typedLets(code);
  // The one export the dispatcher reads, typed so that no declaration emit infers ajv's code.
  const exported = /^export const validate = (\w+);export default \1;/;
  if (!exported.test(code)) throw new Error(`ajv standalone code for ${tool.name} does not start with its exports`);
  code = code.replace(exported, "export const validate: ValidateFunction = $1;export default validate;");
  const imports = [...used]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, set]) => `import { ${[...set].sort().join(", ")} } from "../runtime/${file}";\n`)
    .join("");
  return {
    root: "out",
    path: `validators/${names.file}.ts`,
    contents:
      `// ${GENERATED_HEADER}\n${NOCHECK}\n// Validator for the tool ${tsString(tool.name)}.\n` +
      `import type { ValidateFunction } from "../runtime/dispatch.js";\n` +
      imports + code + "\n",
    ownership: "generated",
  };
}

/**
 * The second line of an interpreted validator: the user's tsc reads its one declaration and checks
 * nothing in it (a call on a string of data). Checked, they were about 8% of tsc's time over 1,000
 * tools (a trace, 2026-11-29) and 2 types a tool (test/emit/runtime-typecheck.test.ts).
 */
const DATA_NOCHECK = "// @ts-nocheck: a schema as data, typed by its declaration.";

/** A tool's interpreted-module header, within MAX_LINE: broken after the name when it is too long. */
function aboutHeader(about: string): string {
  return about.length <= MAX_LINE ? about : about.replace(/: its (input|output) schema/, ":\n// its $1 schema");
}

/**
 * A validator module (validatorFile's) as the output validator of its tool, one folder deeper: the
 * header says so, within MAX_LINE, and the runtime imports climb one more level.
 */
export function asOutputValidator(contents: string): string {
  return contents
    .replace(/\/\/ Validator for the tool ("(?:[^"\\]|\\.)*")(?::\n\/\/ |: )its input schema as data, run by runtime\/validate\.ts\./, (_, name: string) =>
      aboutHeader(`// Output validator for the tool ${name}: its output schema as data, run by runtime/validate.ts.`),
    )
    .replace(`// Validator for the tool`, `// Output validator for the tool`)
    .replaceAll(`from "../runtime/`, `from "../../runtime/`);
}

/**
 * The module of a tool the interpreter runs: its schema as data (JSON text, which `JSON.parse`
 * reads with any `__proto__` key as an own property), handed to runtime/validate.ts. A pattern
 * RE2 cannot run is reported here as when ajv compiles it.
 */
function interpretedModule(tool: ToolSource, names: ToolNames, { data, patterns }: { data: object; patterns: string[] }, next: boolean): GeneratedFile {
  try {
    for (const pattern of patterns) re2Engine()(pattern, "u");
  } catch (error) {
    if (error instanceof UserError) throw new UserError(`tool '${tool.name}': ${error.message}`);
    throw error;
  }
  const json = JSON.stringify(data);
  // The interpreter reads `next` for `minContains`/`maxContains` alone: said only where they are, so
  // that a schema the dialects read alike has the same module in either (2020-12 is the default).
  const counts = next && /"m(in|ax)Contains":/.test(json);
  const options = [...(patterns.length > 0 ? ["re2"] : []), ...(counts ? ["next: true"] : [])];
  // The schema as JSON text in a template literal, continued with `\\` within 120 columns (code-lines.ts).
  const about = `// Validator for the tool ${tsString(tool.name)}: its input schema as data, run by runtime/validate.ts.`;
  const header = aboutHeader(about);
  const call = templateStatement(
    "export const validate: ValidateFunction = compileValidator(JSON.parse(",
    json,
    `)${options.length > 0 ? `, { ${options.join(", ")} }` : ""});`,
  );
  return {
    root: "out",
    path: `validators/${names.file}.ts`,
    contents:
      `// ${GENERATED_HEADER}\n${DATA_NOCHECK}\n${header}\n` +
      `import type { ValidateFunction } from "../runtime/dispatch.js";\n` +
      `import { compileValidator } from "../runtime/validate.js";\n` +
      (patterns.length > 0 ? `import { re2 } from "../runtime/re2.js";\n` : "") +
      `${call}\n` +
      `export default validate;\n`,
    ownership: "generated",
  };
}

/**
 * Gives ajv's untyped `let x;`, `let x = null;` and `let x = [];` the type `any`, outside string
 * literals (a schema's text is data). tsc does not type-check a `@ts-nocheck` file, but to emit it
 * asks the type of the left side of every property access (TS 5.9, `markLinkedReferences`), and
 * such a variable's type evolves with each assignment: `vErrors.push(…)` walked the whole function's
 * control flow each time. At 200 synthetic tools that made `tsc` take 16 s of CPU and 670 MB
 * instead of 7.6 s and 225 MB. The emitted JavaScript is the same.
 */
export function typedLets(code: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== '"') continue;
    out += code.slice(from, i).replace(/\blet ([A-Za-z_$][\w$]*)( = (?:null|\[\]))?;/g, "let $1: any$2;");
    let end = i + 1;
    while (end < code.length && code[end] !== '"') end += code[end] === "\\" ? 2 : 1;
    out += code.slice(i, end + 1);
    from = end + 1;
    i = end;
  }
  return out + code.slice(from).replace(/\blet ([A-Za-z_$][\w$]*)( = (?:null|\[\]))?;/g, "let $1: any$2;");
}

const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
const SCHEMA_ONE = ["additionalProperties", "unevaluatedProperties", "items", "additionalItems", "unevaluatedItems",
  "contains", "propertyNames", "not", "if", "then", "else"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const PROTO_PATTERN = "^__proto__$";

/**
 * ajv leaves a `__proto__` entry of `properties` out of the code it generates (a guard of its
 * own), so a model could send any value under that key. Each such entry becomes the same schema
 * under `patternProperties` `^__proto__$`, which ajv does compile, and which `additionalProperties`
 * still counts as defined. Returns `schema` itself when it has none (the usual case), else a copy.
 */
export function protoAsPattern(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    let changed = false;
    const out = schema.map((s) => {
      const t = protoAsPattern(s);
      if (t !== s) changed = true;
      return t;
    });
    return changed ? out : schema;
  }
  if (!isObject(schema)) return schema;
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown): void => {
    out ??= { ...schema };
    setOwn(out, key, value);
  };
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    let copy: Record<string, unknown> | undefined;
    for (const name of Object.keys(map)) {
      const sub = map[name];
      const t = key === "dependencies" && Array.isArray(sub) ? sub : protoAsPattern(sub);
      if (t !== sub) {
        copy ??= { ...map };
        setOwn(copy, name, t);
      }
    }
    if (copy !== undefined) set(key, copy);
  }
  for (const key of new Set([...SCHEMA_ONE, ...SCHEMA_LISTS])) {
    if (!Object.hasOwn(schema, key)) continue;
    const sub = schema[key];
    const t = protoAsPattern(sub);
    if (t !== sub) set(key, t);
  }
  const properties = (out ?? schema)["properties"];
  if (isObject(properties) && Object.hasOwn(properties, "__proto__")) {
    const proto = Object.getOwnPropertyDescriptor(properties, "__proto__")?.value as unknown;
    const rest: Record<string, unknown> = {};
    for (const name of Object.keys(properties)) {
      if (name !== "__proto__") rest[name] = properties[name];
    }
    set("properties", rest);
    const patterns = isObject(schema["patternProperties"]) ? { ...schema["patternProperties"] } : {};
    const existing = Object.hasOwn(patterns, PROTO_PATTERN) ? patterns[PROTO_PATTERN] : undefined;
    patterns[PROTO_PATTERN] = existing === undefined ? proto : { allOf: [existing, proto] };
    set("patternProperties", patterns);
  }
  return out ?? schema;
}

