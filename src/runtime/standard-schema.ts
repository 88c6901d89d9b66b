// toolgen runtime: each tool's schema as a Standard Schema (`StandardSchemaV1`, validation) that is
// also a Standard JSON Schema (`StandardJSONSchemaV1`, the JSON Schema), under one `~standard` key,
// @standard-schema/spec 1.1. Validation is the build-time validator dispatch runs (own properties,
// RE2 patterns, formats), with dispatch's input repair and dispatch's messages. Copied verbatim into
// generated output; imports nothing but its sibling files (the spec's interfaces are copied below,
// as the spec recommends, so the generated folder imports no package).

import type { ValidateFunction } from "./dispatch.js";
import { describeThrown, valueFault } from "./dispatch.js";
import { describeValidationIssues } from "./messages.js";
import { validRepair } from "./repair.js";

// ---------------------------------------------------------------------------------------------
// The interfaces of @standard-schema/spec 1.1.0 (dist/index.d.ts), copied unchanged (MIT licence).

/** The Standard Typed interface. This is a base type extended by other specs. */
export interface StandardTypedV1<Input = unknown, Output = Input> {
  /** The Standard properties. */
  readonly "~standard": StandardTypedV1.Props<Input, Output>;
}
export declare namespace StandardTypedV1 {
  /** The Standard Typed properties interface. */
  interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The Standard Typed types interface. */
  interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }
  /** Infers the input type of a Standard Typed. */
  type InferInput<Schema extends StandardTypedV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  /** Infers the output type of a Standard Typed. */
  type InferOutput<Schema extends StandardTypedV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** The Standard Schema interface. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties interface. */
  interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    /** Validates unknown input values. */
    readonly validate: (
      value: unknown,
      options?: StandardSchemaV1.Options | undefined,
    ) => Result<Output> | Promise<Result<Output>>;
  }
  /** The result interface of the validate function. */
  type Result<Output> = SuccessResult<Output> | FailureResult;
  /** The result interface if validation succeeds. */
  interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** A falsy value for `issues` indicates success. */
    readonly issues?: undefined;
  }
  interface Options {
    /** Explicit support for additional vendor-specific parameters, if needed. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The result interface if validation fails. */
  interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** The issue interface of the failure output. */
  interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** The path segment interface of the issue. */
  interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey;
  }
}

/** The Standard JSON Schema interface. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  /** The Standard JSON Schema properties. */
  readonly "~standard": StandardJSONSchemaV1.Props<Input, Output>;
}
export declare namespace StandardJSONSchemaV1 {
  /** The Standard JSON Schema properties interface. */
  interface Props<Input = unknown, Output = Input> extends StandardTypedV1.Props<Input, Output> {
    /** Methods for generating the input/output JSON Schema. */
    readonly jsonSchema: StandardJSONSchemaV1.Converter;
  }
  /** The Standard JSON Schema converter interface. */
  interface Converter {
    /** Converts the input type to JSON Schema. May throw if conversion is not supported. */
    readonly input: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
    /** Converts the output type to JSON Schema. May throw if conversion is not supported. */
    readonly output: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
  }
  /** The target version of the generated JSON Schema. */
  type Target = "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);
  /** The options for the input/output methods. */
  interface Options {
    /** Specifies the target version of the generated JSON Schema. */
    readonly target: Target;
    /** Explicit support for additional vendor-specific parameters, if needed. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

// ---------------------------------------------------------------------------------------------

/** Both specs under one `~standard` key, with a synchronous `validate` (some consumers take no Promise). */
export interface ToolStandardSchema<Input, Output = Input> {
  readonly "~standard": ToolStandardProps<Input, Output>;
}

export interface ToolStandardProps<Input, Output = Input>
  extends StandardSchemaV1.Props<Input, Output>, StandardJSONSchemaV1.Props<Input, Output> {
  readonly vendor: "toolgen";
  /** Runs the build-time validator; never returns a Promise, never throws. */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaV1.Options | undefined,
  ) => StandardSchemaV1.Result<Output>;
}

/** The JSON Schema targets toolgen can give (`jsonSchema.input({ target })`). */
export const JSON_SCHEMA_TARGETS: readonly string[] = ["draft-07", "draft-2020-12", "openapi-3.0"];

/**
 * How a schema reads under each target, worked out at build time: `true` when the schema itself is
 * that target's form (the draft keywords it uses mean the same in both drafts), a schema object when
 * it needs a form of its own (OpenAPI 3.0's lowering), or the reason there is none. A target left
 * out is one toolgen does not give.
 */
export type JsonSchemaForms = { readonly [target: string]: true | string | { readonly [key: string]: unknown } };

/** What `toolStandardSchema` is built from. */
export interface ToolSchemaSpec {
  /** The tool's name, for messages. */
  readonly tool: string;
  /** "input schema" or "output schema": what an error message calls the schema. */
  readonly role: "input schema" | "output schema";
  /** The schema as tools.json (or the tool file) has it: what repair reads and the drafts return. */
  readonly schema: { readonly [key: string]: unknown };
  /** The build-time validator (validators/<tool>.ts). */
  readonly validate: ValidateFunction;
  readonly forms: JsonSchemaForms;
  /**
   * Dispatch's input repair (`DispatcherOptions.repair`): a rejected input is tried again with each
   * string the schema rejects read as the number, boolean, array or object it spells, and the
   * repaired value is the result's `value`. Default true for an input schema, so that a framework
   * accepts what dispatch accepts; false for an output schema.
   */
  readonly repair?: boolean;
}

/** A JSON pointer ("/a/0/b~1c") as a Standard Schema path: ["a", 0, "b/c"] (array indexes as numbers). */
export function pathOfPointer(pointer: string): PropertyKey[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => {
      const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
      return /^(?:0|[1-9]\d*)$/.test(key) ? Number(key) : key;
    });
}

/** A copy of JSON data (schemas are JSON), so a consumer that edits what it is given changes nothing here. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The schema in `target`'s form, or a TypeError saying why there is none. */
function formOf(spec: ToolSchemaSpec, options: StandardJSONSchemaV1.Options | undefined): Record<string, unknown> {
  const target: unknown = options?.target;
  const form =
    typeof target === "string" && Object.prototype.hasOwnProperty.call(spec.forms, target)
      ? spec.forms[target]
      : undefined;
  if (form === undefined) {
    const known = JSON_SCHEMA_TARGETS.filter((t) => Object.prototype.hasOwnProperty.call(spec.forms, t)).join(", ");
    throw new TypeError(
      `toolgen: no JSON Schema target ${JSON.stringify(target) ?? String(target)} ` +
        `for the ${spec.role} of tool '${spec.tool}' (targets: ${known})`,
    );
  }
  if (typeof form === "string")
    throw new TypeError(`toolgen: the ${spec.role} of tool '${spec.tool}' has no ${String(target)} form: ${form}`);
  return copy(form === true ? spec.schema : form);
}

/**
 * One tool's schema as a Standard Schema and a Standard JSON Schema. `validate` is synchronous: the
 * validator is the build-time function, already loaded.
 */
export function toolStandardSchema<Input, Output = Input>(spec: ToolSchemaSpec): ToolStandardSchema<Input, Output> {
  const validator = spec.validate;
  const repair = spec.repair ?? spec.role === "input schema";
  const validate = (value: unknown): StandardSchemaV1.Result<Output> => {
    try {
      // As dispatch: a cyclic, too deep or sparse value is refused before the validator walks it.
      const fault = valueFault(value, spec.role === "input schema" ? "the input" : "the output");
      if (fault !== undefined) {
        const which = spec.role === "input schema" ? "input" : "output";
        const message = `the ${which} of tool '${spec.tool}' is not JSON: ${fault.message}`;
        return { issues: [{ message, path: pathOfPointer(fault.pointer) }] };
      }
      if (validator(value)) return { value: value as Output };
      const errors = validator.errors;
      const repaired = repair ? validRepair(spec.schema, value, validator) : undefined;
      if (repaired !== undefined) return { value: repaired.value as Output };
      return {
        issues: describeValidationIssues(errors).map((i) => ({ message: i.message, path: pathOfPointer(i.pointer) })),
      };
    } catch (e) {
      // As dispatch answers a validator that throws (a hostile value): an issue, not an exception.
      return {
        issues: [
          {
            message:
              `could not validate the ${spec.role === "input schema" ? "input" : "output"} ` +
              `of tool '${spec.tool}' (${describeThrown(e)})`,
          },
        ],
      };
    }
  };
  const props: ToolStandardProps<Input, Output> = {
    version: 1,
    vendor: "toolgen",
    validate,
    jsonSchema: {
      input: (options) => formOf(spec, options),
      // The value validate returns has the same schema: repair only ever gives what the validator accepts.
      output: (options) => formOf(spec, options),
    },
  };
  return { "~standard": props };
}

/**
 * The Standard Schemas of a table of tools, by name (what generated/standard-schema.ts exports): `M`
 * maps each tool name to its type. The object has no prototype, so a tool named `__proto__` or
 * `toString` is its own entry.
 */
export function toolStandardSchemas<M>(specs: readonly ToolSchemaSpec[]): {
  readonly [N in keyof M]: ToolStandardSchema<M[N]>;
} {
  const table: { [name: string]: ToolStandardSchema<unknown> } = Object.create(null) as {
    [name: string]: ToolStandardSchema<unknown>;
  };
  for (const spec of specs) table[spec.tool] = toolStandardSchema(spec);
  return Object.freeze(table) as { readonly [N in keyof M]: ToolStandardSchema<M[N]> };
}
