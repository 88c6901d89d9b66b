/**
 * Every lint rule, in the order of the issue's table (what the API rejects first, then advice).
 * The parity test checks this list against `rules/*.ts` and `docs/rules/*.md`.
 */
import type { Rule } from "./rule.js";
import parseError from "./rules/parse-error.js";
import valuePreserved from "./rules/value-preserved.js";
import toolShape from "./rules/tool-shape.js";
import toolNameFormat from "./rules/tool-name-format.js";
import toolNameUnique from "./rules/tool-name-unique.js";
import descriptionPresent from "./rules/description-present.js";
import inputSchemaObject from "./rules/input-schema-object.js";
import inputSchemaNoTopLevelCombinator from "./rules/input-schema-no-top-level-combinator.js";
import propertyKeyFormat from "./rules/property-key-format.js";
import schemaValid from "./rules/schema-valid.js";
import requiredDefined from "./rules/required-defined.js";
import refResolvable from "./rules/ref-resolvable.js";
import descriptionMinSentences from "./rules/description-min-sentences.js";
import parameterDescription from "./rules/parameter-description.js";
import descriptionMaxLength from "./rules/description-max-length.js";
import schemaMaxDepth from "./rules/schema-max-depth.js";
import legacyParameterName from "./rules/legacy-parameter-name.js";
import legacyToolCount from "./rules/legacy-tool-count.js";
import patternSupported from "./rules/pattern-supported.js";
import patternRedos from "./rules/pattern-redos.js";
import toolFieldType from "./rules/tool-field-type.js";
import toolFieldKnown from "./rules/tool-field-known.js";
import inputExamplesValid from "./rules/input-examples-valid.js";
import deferLoadingNotAll from "./rules/defer-loading-not-all.js";
import toolSizeBudget from "./rules/tool-size-budget.js";
// Rules of the provider outputs (their output's `rules`: off in a build without it).
import openaiStrictLowerable from "../targets/openai/rules/strict-lowerable.js";
import geminiParametersLossless from "../targets/gemini/rules/parameters-lossless.js";
// Target rules (`<target>/<check>`, profiles/): off unless their target is in the config's `targets`.
import anthropicToolNamePortable from "../targets/anthropic/rules/tool-name-portable.js";
import anthropicStrictLimits from "../targets/anthropic/rules/strict-limits.js";
import anthropicStrictSchema from "../targets/anthropic/rules/strict-schema.js";
import openaiToolNameFormat from "../targets/openai/rules/tool-name-format.js";
import openaiKeywordUnsupported from "../targets/openai/rules/keyword-unsupported.js";
import openaiSchemaLimits from "../targets/openai/rules/schema-limits.js";
import geminiToolNameFormat from "../targets/gemini/rules/tool-name-format.js";
import geminiPropertyKeyFormat from "../targets/gemini/rules/property-key-format.js";
import mcpToolNameFormat from "../targets/mcp/rules/tool-name-format.js";

export const rules: readonly Rule[] = [
  parseError,
  valuePreserved,
  toolShape,
  toolNameFormat,
  toolNameUnique,
  descriptionPresent,
  inputSchemaObject,
  inputSchemaNoTopLevelCombinator,
  propertyKeyFormat,
  schemaValid,
  requiredDefined,
  refResolvable,
  descriptionMinSentences,
  parameterDescription,
  descriptionMaxLength,
  schemaMaxDepth,
  legacyParameterName,
  legacyToolCount,
  patternSupported,
  patternRedos,
  // Claude's newer tool fields and the size budget (issue 15).
  toolFieldType,
  toolFieldKnown,
  inputExamplesValid,
  deferLoadingNotAll,
  toolSizeBudget,
  openaiStrictLowerable,
  geminiParametersLossless,
  anthropicToolNamePortable,
  anthropicStrictLimits,
  anthropicStrictSchema,
  openaiToolNameFormat,
  openaiKeywordUnsupported,
  openaiSchemaLimits,
  geminiToolNameFormat,
  geminiPropertyKeyFormat,
  mcpToolNameFormat,
];

/** The rule's docs page, relative to the package root. */
export function docsPath(id: string): string {
  return `docs/rules/${id}.md`;
}
