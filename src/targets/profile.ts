/**
 * What a target (a provider API, or MCP) accepts of a tool definition, as data: one file per target
 * (src/targets/<id>/facts.ts), each fact with its source in a comment. The rule factories in
 * ./profile-rules.ts read these; a fact that changes is a one-line edit in one file.
 */

import type { NameFormat } from "../lint/name-format.js";

export type { NameFormat };

export interface RejectedKeyword {
  keyword: string;
  /** Why (and in which mode) the target rejects it: ends the lint message. */
  why: string;
}

export interface SchemaLimits {
  /** Object properties in one schema, counted over every object. */
  properties: number;
  /** Levels of object nesting. */
  depth: number;
  /** Enum values in one schema, all `enum`s together. */
  enumValues: number;
}

/** Anthropic strict tools (`"strict": true`): what the grammar compiler accepts. */
export interface StrictProfile {
  /** Strict tools in one request. */
  tools: number;
  /** Optional (not `required`) properties, across every strict tool of a request. */
  optionalParameters: number;
  /** Properties with a union type (`anyOf`, `oneOf`, or a `type` array), across every strict tool of a request. */
  unionParameters: number;
  /** The `format` values it accepts. */
  formats: readonly string[];
  /** Keywords a strict schema may not hold, each with the group its source names it in ("numerical constraints"). */
  unsupportedKeywords: readonly { keyword: string; group: string }[];
  /** The `minItems` values it accepts (no other array constraint). */
  minItems: readonly number[];
  /** Where these facts are stated, as messages cite it. */
  source: string;
}

export interface Profile {
  /** The target's id (src/targets/<id>/). */
  target: string;
  /** How messages and docs name it, e.g. "OpenAI". */
  title: string;
  toolName: NameFormat;
  /** A shorter name length that is safer across clients (a warning, not an error). */
  portableToolNameMax?: number;
  /** The pattern of top-level property keys (parameter names), when the target has one. */
  propertyKey?: NameFormat;
  /** The keywords and limits below hold only for tools sent in strict mode (OpenAI's `strict: true`). */
  schemaFactsStrictOnly?: boolean;
  /** JSON Schema keywords the target rejects anywhere in a tool's schema. */
  rejectedKeywords: readonly RejectedKeyword[];
  limits?: SchemaLimits;
  strict?: StrictProfile;
  /** The fixed names of the provider's own tools a request may add (Anthropic's server tools): a tool of the folder may not take one. */
  serverToolNames?: readonly string[];
  /** The most tools one request may carry, and where that is documented (toolgen's toolset checks: src/toolsets/). */
  maxTools?: { max: number; source: string };
}
