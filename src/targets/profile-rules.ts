/**
 * The target rules, built from the profiles (./<target>.ts): each rule reads its facts from one profile
 * and says which target a finding is for, in its id (`<target>/<check>`) and its message. Schema checks
 * are visitors of the engine's one walk per document (../lint/schema-walk.ts, ../lint/rule.ts RuleVisitors).
 */
import { getByPointer, isPlainObject, joinPointer } from "../schema/pointer.js";
import { recursiveRefs } from "../schema/refs.js";
import { declaredStrict } from "./openai/strict.js";
import { defineRule, type Rule, type SchemaDocument, type ToolDocument } from "../lint/rule.js";
import { childPointer, refRoot, visitsOf, walkSchema, type SchemaNode } from "../lint/schema-walk.js";
import { whyNameFails } from "../lint/name-format.js";
import { regexFeatures } from "../lint/regex-features.js";
import type { NameFormat, Profile } from "./profile.js";

/** `<target>/tool-name-format`: the tool name against the target's name rule. */
export function toolNameRule(profile: Profile, severity: "error" | "warning"): Rule {
  const format = profile.toolName;
  return defineRule({
    meta: {
      id: `${profile.target}/tool-name-format`,
      defaultSeverity: severity,
      description: `The tool name does not match ${profile.title}'s \`${format.pattern.source}\` (target ${profile.target}).`,
      messages: { format: `${profile.title}: tool name '{{name}}' does not match ${format.pattern.source}: {{why}}` },
    },
    check(ctx) {
      for (const tool of ctx.tools) {
        const name = tool.name;
        if (name === undefined || format.pattern.test(name)) continue;
        ctx.report({ tool, pointer: "/name", messageId: "format", data: { name, why: whyNameFails(name, format) } });
      }
    },
  });
}

/** `<target>/property-key-format`: top-level property keys (the parameter names) against the target's rule. */
export function propertyKeyRule(profile: Profile & { propertyKey: NameFormat }, severity: "error" | "warning"): Rule {
  const format = profile.propertyKey;
  return defineRule({
    meta: {
      id: `${profile.target}/property-key-format`,
      defaultSeverity: severity,
      description: `A top-level property key does not match ${profile.title}'s \`${format.pattern.source}\` (target ${profile.target}).`,
      messages: { format: `${profile.title}: parameter name '{{key}}' does not match ${format.pattern.source}: {{why}}` },
    },
    check(ctx) {
      for (const tool of ctx.tools) {
        const properties = tool.inputSchema?.properties;
        if (!isPlainObject(properties)) continue;
        for (const key of Object.keys(properties)) {
          if (format.pattern.test(key)) continue;
          ctx.report({ tool, pointer: joinPointer("/input_schema/properties", key), messageId: "format", data: { key, why: whyNameFails(key, format) } });
        }
      }
    },
  });
}

/**
 * The `all` option of the schema rules of a profile whose schema facts hold only in strict mode
 * (OpenAI: `strict: true`): they check the tools sent strict, those whose file says `"strict": true`,
 * or every tool with `all` (which the `openaiStrict` config sets). Other profiles ignore it.
 */
const STRICT_ONLY = { all: { description: "1: every tool is sent strict (set by the `openaiStrict` config); 0: only tools whose file says \"strict\": true", default: 0, minimum: 0 } };

/** Whether a strict-only rule checks `doc`: a tool's schema sent strict (a fragment file is checked through the tools that use it). */
function sentStrict(doc: SchemaDocument, all: number): boolean {
  return doc.tool !== undefined && (all >= 1 || declaredStrict(doc.tool));
}

/**
 * A strict-only profile's schema rules (OpenAI's) yield to `openai-strict-lowerable`: a keyword or a
 * limit strict mode rejects is a problem the lowering meets too, and that rule says what the output
 * then does (it sends the tool non-strict). They still report what it does not (a limit set lower).
 */
function yielding(profile: Profile): { yieldsTo?: string } {
  return profile.schemaFactsStrictOnly === true ? { yieldsTo: "openai-strict-lowerable" } : {};
}

/** `<target>/keyword-unsupported`: a keyword the target rejects, anywhere in a schema (definitions included). */
export function rejectedKeywordRule(profile: Profile, severity: "error" | "warning"): Rule {
  const rejected = profile.rejectedKeywords;
  const strictOnly = profile.schemaFactsStrictOnly === true;
  return defineRule<"all">({
    meta: {
      id: `${profile.target}/keyword-unsupported`,
      defaultSeverity: severity,
      description: `A schema uses a keyword ${profile.title} rejects (${rejected.map((r) => r.keyword).join(", ")}; target ${profile.target}).`,
      messages: { keyword: `${profile.title}: \`{{keyword}}\` is a keyword {{why}}` },
      options: STRICT_ONLY,
      ...yielding(profile),
    },
    create(ctx) {
      return {
        document: (doc) => !strictOnly || sentStrict(doc, ctx.options.all),
        schema(node, doc) {
          for (const { keyword, why } of rejected) {
            if (!Object.hasOwn(node.node, keyword)) continue;
            ctx.report({ file: doc.file, tool: doc.tool, pointer: childPointer(node.pointer, keyword), messageId: "keyword", data: { keyword, why }, topic: `keyword:${keyword}` });
          }
        },
      };
    },
  });
}

/** `<target>/schema-limits`: properties, nesting and enum values of one tool's schema against the target's limits. */
export function schemaLimitsRule(profile: Profile & { limits: NonNullable<Profile["limits"]> }, severity: "error" | "warning"): Rule {
  const limits = profile.limits;
  const strictOnly = profile.schemaFactsStrictOnly === true;
  return defineRule<"maxProperties" | "maxDepth" | "maxEnumValues" | "all">({
    meta: {
      id: `${profile.target}/schema-limits`,
      defaultSeverity: severity,
      description: `A tool's schema has more properties, nesting levels or enum values than ${profile.title} accepts (target ${profile.target}).`,
      messages: {
        properties: `${profile.title}: the schema has {{count}} object properties, more than the {{max}} it accepts`,
        depth: `${profile.title}: this object is nested {{depth}} levels deep, more than the {{max}} it accepts`,
        enumValues: `${profile.title}: the schema has {{count}} enum values, more than the {{max}} it accepts`,
      },
      options: {
        maxProperties: { description: "the most object properties in one tool's schema", default: limits.properties, minimum: 1 },
        maxDepth: { description: "the most levels of object nesting (the root object is level 1)", default: limits.depth, minimum: 1 },
        maxEnumValues: { description: "the most enum values in one tool's schema, all enums together", default: limits.enumValues, minimum: 1 },
        ...STRICT_ONLY,
      },
      ...yielding(profile),
    },
    create(ctx) {
      const { maxProperties, maxDepth, maxEnumValues } = ctx.options;
      // Counted over the current document's walk.
      let properties = 0;
      let enumValues = 0;
      let deepest: SchemaNode | undefined;
      return {
        document(doc) {
          if (doc.tool === undefined || (strictOnly && !sentStrict(doc, ctx.options.all))) return false;
          properties = 0;
          enumValues = 0;
          deepest = undefined;
          return true;
        },
        schema(node) {
          if (node.properties) properties += Object.keys(node.properties).length;
          const values = node.node.enum;
          if (Array.isArray(values)) enumValues += values.length;
          if (deepest === undefined && node.isObject && node.objectDepth > maxDepth) deepest = node;
        },
        documentEnd(doc) {
          const at = { file: doc.file, tool: doc.tool };
          if (properties > maxProperties) ctx.report({ ...at, pointer: doc.pointer, messageId: "properties", data: { count: properties, max: maxProperties }, topic: "limit:properties" });
          if (deepest) ctx.report({ ...at, pointer: deepest.pointer, messageId: "depth", data: { depth: deepest.objectDepth, max: maxDepth }, topic: "limit:depth" });
          if (enumValues > maxEnumValues) ctx.report({ ...at, pointer: doc.pointer, messageId: "enumValues", data: { count: enumValues, max: maxEnumValues }, topic: "limit:enumValues" });
        },
      };
    },
  });
}

/** `anthropic/tool-name-portable`: a name the API accepts but shorter-limited clients do not. */
export function portableNameRule(profile: Profile & { portableToolNameMax: number }, severity: "error" | "warning"): Rule {
  const max = profile.portableToolNameMax;
  return defineRule({
    meta: {
      id: `${profile.target}/tool-name-portable`,
      defaultSeverity: severity,
      description: `The tool name is longer than ${max} characters, which ${profile.title}'s API accepts but some clients reject (target ${profile.target}).`,
      messages: {
        long: `${profile.title}: tool name '{{name}}' is {{length}} characters long: the API accepts up to ${profile.toolName.max}, but Claude Desktop, \`tool_reference\` blocks and older API versions stop at ${max}`,
      },
    },
    check(ctx) {
      for (const tool of ctx.tools) {
        const name = tool.name;
        // Longer than the API's own limit, or wrong characters: tool-name-format's error.
        if (name === undefined || name.length <= max || !profile.toolName.pattern.test(name)) continue;
        ctx.report({ tool, pointer: "/name", messageId: "long", data: { name, length: name.length } });
      }
    },
  });
}

// --- Anthropic strict tools (`"strict": true`) ---

/** A strict tool's optional and union-typed properties (property nodes), in walk order. */
interface StrictParameters {
  optional: SchemaNode[];
  union: SchemaNode[];
}

function isOptional(node: SchemaNode, key: string): boolean {
  const required = node.parent?.required;
  return !(Array.isArray(required) && required.includes(key));
}

/** A union-typed property: `anyOf`/`oneOf`, or a `type` array of more than one type. */
function isUnion(node: SchemaNode): boolean {
  if (Array.isArray(node.node.anyOf) || Array.isArray(node.node.oneOf)) return true;
  return Array.isArray(node.type) && node.type.length > 1;
}

/** `anthropic/strict-limits`: strict tools, optional and union-typed parameters across one request. */
export function strictLimitsRule(profile: Profile & { strict: NonNullable<Profile["strict"]> }, severity: "error" | "warning"): Rule {
  const strict = profile.strict;
  const source = ` (${strict.source})`;
  return defineRule<"maxTools" | "maxOptionalParameters" | "maxUnionParameters">({
    meta: {
      id: `${profile.target}/strict-limits`,
      defaultSeverity: severity,
      description: `More strict tools, optional parameters or union-typed parameters than ${profile.title} compiles in one request (target ${profile.target}).`,
      messages: {
        tools: `${profile.title}: {{count}} tools are strict, more than the {{max}} strict tools one request may hold; this is strict tool {{position}} in name order${source}`,
        optional: `${profile.title}: the strict tools have {{count}} optional parameters together, more than the {{max}} one request may hold; this is the first past the limit (list it in \`required\` or drop "strict")${source}`,
        union: `${profile.title}: the strict tools have {{count}} union-typed parameters (\`anyOf\`, \`oneOf\` or a \`type\` array) together, more than the {{max}} one request may hold; this is the first past the limit${source}`,
      },
      options: {
        maxTools: { description: "the most strict tools in one request", default: strict.tools, minimum: 1 },
        maxOptionalParameters: { description: "the most optional parameters across the strict tools", default: strict.optionalParameters, minimum: 0 },
        maxUnionParameters: { description: "the most union-typed parameters across the strict tools", default: strict.unionParameters, minimum: 0 },
      },
    },
    create(ctx) {
      const { maxTools, maxOptionalParameters, maxUnionParameters } = ctx.options;
      /** Each strict tool's optional and union-typed properties, in walk order. */
      const found = new Map<ToolDocument, StrictParameters>();
      const visitors = {
        document: (doc: SchemaDocument) => doc.tool !== undefined && declaredStrict(doc.tool),
        property(node: SchemaNode, doc: SchemaDocument) {
          const tool = doc.tool!;
          let parameters = found.get(tool);
          if (parameters === undefined) found.set(tool, (parameters = { optional: [], union: [] }));
          const key = node.key as string;
          if (isOptional(node, key)) parameters.optional.push(node);
          if (isUnion(node)) parameters.union.push(node);
        },
      };
      return {
        ...visitors,
        end() {
          // The request holds every tool a build renders (in name order), whichever files are reported on:
          // a strict tool out of scope has its schema walked here.
          const strictTools = ctx.renderedTools.filter(declaredStrict);
          const past = strictTools[maxTools];
          if (past) ctx.report({ tool: past, pointer: "/strict", messageId: "tools", data: { count: strictTools.length, max: maxTools, position: maxTools + 1 } });
          const optional: [ToolDocument, SchemaNode][] = [];
          const union: [ToolDocument, SchemaNode][] = [];
          for (const tool of strictTools) {
            if (tool.inputSchema === undefined) continue;
            if (!found.has(tool) && !ctx.schemas.some((doc) => doc.tool === tool)) {
              walkSchema({ file: tool.file, tool, schema: tool.inputSchema, pointer: "/input_schema" }, visitsOf([visitors]));
            }
            const parameters = found.get(tool);
            if (parameters === undefined) continue;
            for (const node of parameters.optional) optional.push([tool, node]);
            for (const node of parameters.union) union.push([tool, node]);
          }
          const reportPast = (list: [ToolDocument, SchemaNode][], max: number, messageId: string) => {
            const first = list[max];
            if (first) ctx.report({ tool: first[0], pointer: first[1].pointer, messageId, data: { count: list.length, max } });
          };
          reportPast(optional, maxOptionalParameters, "optional");
          reportPast(union, maxUnionParameters, "union");
        },
      };
    },
  });
}

/**
 * `anthropic/strict-schema`: what a strict tool's schema must be (closed objects, known formats, no recursion)
 * and may not hold (the keywords, `minItems`, enum values, references and pattern features of
 * `strict.unsupportedKeywords` and its neighbours). toolgen sends a strict schema as written (it has no
 * Anthropic lowering), so each is an error here rather than a bound dropped on the way.
 */
export function strictSchemaRule(profile: Profile & { strict: NonNullable<Profile["strict"]> }, severity: "error" | "warning"): Rule {
  const { formats, unsupportedKeywords, minItems, source } = profile.strict;
  const refuses = `the API refuses the tool (${source})`;
  return defineRule({
    meta: {
      id: `${profile.target}/strict-schema`,
      defaultSeverity: severity,
      description: `A strict tool's schema has an open object, an unsupported \`format\`, keyword, \`minItems\`, enum value, \`$ref\` or pattern feature, or a recursive \`$ref\` (target ${profile.target}).`,
      messages: {
        open: `${profile.title}: strict tools need \`"additionalProperties": false\` on every object; this one has none`,
        notFalse: `${profile.title}: strict tools need \`"additionalProperties": false\` on every object, not {{found}}`,
        format: `${profile.title}: strict tools support \`format\` only for ${formats.join(", ")}; not '{{format}}'`,
        recursive: `${profile.title}: \`$ref\` '{{ref}}' makes the schema recursive, which strict tools do not support`,
        keyword: `${profile.title}: strict tools do not support \`{{keyword}}\` ({{group}}): ${refuses}; drop it (say it in the description) or drop "strict"`,
        minItems: `${profile.title}: strict tools support \`minItems\` only as ${minItems.join(" or ")}, not {{value}}: ${refuses}`,
        enumValue: `${profile.title}: strict tools support only primitive \`enum\` values, not {{found}}: ${refuses}`,
        allOfRef: `${profile.title}: strict tools do not support \`$ref\` inside \`allOf\`: ${refuses}; inline the schema it names`,
        externalRef: `${profile.title}: strict tools do not support an external \`$ref\` ('{{ref}}'): ${refuses}`,
        pattern: `${profile.title}: \`pattern\` '{{pattern}}' uses {{feature}} ({{text}}), which strict tools do not support: ${refuses}`,
      },
    },
    create(ctx) {
      return {
        document: (doc) => doc.tool !== undefined && declaredStrict(doc.tool),
        schema(node, doc) {
          const at = { file: doc.file, tool: doc.tool };
          if (node.isObject) {
            if (!Object.hasOwn(node.node, "additionalProperties")) ctx.report({ ...at, pointer: node.pointer, messageId: "open" });
            else if (node.node.additionalProperties !== false) {
              ctx.report({ ...at, pointer: childPointer(node.pointer, "additionalProperties"), messageId: "notFalse", data: { found: JSON.stringify(node.node.additionalProperties) } });
            }
          }
          const format = node.node.format;
          if (typeof format === "string" && !formats.includes(format)) {
            ctx.report({ ...at, pointer: childPointer(node.pointer, "format"), messageId: "format", data: { format } });
          }
          for (const { keyword, group } of unsupportedKeywords) {
            if (Object.hasOwn(node.node, keyword)) ctx.report({ ...at, pointer: childPointer(node.pointer, keyword), messageId: "keyword", data: { keyword, group } });
          }
          const min = node.node.minItems;
          if (min !== undefined && !minItems.includes(min as number)) {
            ctx.report({ ...at, pointer: childPointer(node.pointer, "minItems"), messageId: "minItems", data: { value: JSON.stringify(min) } });
          }
          const values = node.node.enum;
          if (Array.isArray(values)) {
            const bad = values.findIndex((v) => v !== null && typeof v === "object");
            if (bad >= 0) ctx.report({ ...at, pointer: `${childPointer(node.pointer, "enum")}/${bad}`, messageId: "enumValue", data: { found: JSON.stringify(values[bad]) } });
          }
          const allOf = node.node.allOf;
          if (Array.isArray(allOf)) {
            allOf.forEach((entry, i) => {
              if (isPlainObject(entry) && Object.hasOwn(entry, "$ref")) ctx.report({ ...at, pointer: `${childPointer(node.pointer, "allOf")}/${i}/$ref`, messageId: "allOfRef" });
            });
          }
          if (typeof node.ref === "string" && /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(node.ref)) {
            ctx.report({ ...at, pointer: childPointer(node.pointer, "$ref"), messageId: "externalRef", data: { ref: node.ref } });
          }
          if (typeof node.pattern === "string") {
            for (const { feature, text } of regexFeatures(node.pattern)) {
              ctx.report({ ...at, pointer: childPointer(node.pointer, "pattern"), messageId: "pattern", data: { pattern: node.pattern, feature, text } });
            }
          }
        },
        documentEnd(doc) {
          const at = { file: doc.file, tool: doc.tool };
          for (const { pointer, ref } of recursiveRefs(refRoot(doc))) {
            // The reference as written, when it is in the tool's own file; else (a fragment's) the input schema.
            const written = getByPointer(doc.schema, pointer);
            const where = isPlainObject(written) && written.$ref === ref ? `${doc.pointer}${pointer}/$ref` : doc.pointer;
            ctx.report({ ...at, pointer: where, messageId: "recursive", data: { ref } });
          }
        },
      };
    },
  });
}
