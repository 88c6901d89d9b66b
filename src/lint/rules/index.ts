// Written by scripts/rules-index.mjs (npm run build): every file of this folder, in report order; a
// new rule file is appended. Do not edit: add or remove a rule file and its docs page instead.
import type { Rule } from "../rule.js";
import parseError from "./parse-error.js";
import valuePreserved from "./value-preserved.js";
import toolShape from "./tool-shape.js";
import toolNameFormat from "./tool-name-format.js";
import toolNameUnique from "./tool-name-unique.js";
import descriptionPresent from "./description-present.js";
import inputSchemaObject from "./input-schema-object.js";
import inputSchemaNoTopLevelCombinator from "./input-schema-no-top-level-combinator.js";
import propertyKeyFormat from "./property-key-format.js";
import schemaValid from "./schema-valid.js";
import requiredDefined from "./required-defined.js";
import refResolvable from "./ref-resolvable.js";
import descriptionMinSentences from "./description-min-sentences.js";
import parameterDescription from "./parameter-description.js";
import descriptionMaxLength from "./description-max-length.js";
import schemaMaxDepth from "./schema-max-depth.js";
import legacyParameterName from "./legacy-parameter-name.js";
import legacyToolCount from "./legacy-tool-count.js";
import patternSupported from "./pattern-supported.js";
import patternRedos from "./pattern-redos.js";
import toolFieldType from "./tool-field-type.js";
import toolFieldKnown from "./tool-field-known.js";
import inputExamplesValid from "./input-examples-valid.js";
import deferLoadingNotAll from "./defer-loading-not-all.js";
import toolSizeBudget from "./tool-size-budget.js";
import dialectAmbiguousKeyword from "./dialect-ambiguous-keyword.js";

/** toolgen's own rules, for every target (src/catalog.ts adds the targets' rules after them). */
export const BASE_RULES: readonly Rule[] = [
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
  toolFieldType,
  toolFieldKnown,
  inputExamplesValid,
  deferLoadingNotAll,
  toolSizeBudget,
  dialectAmbiguousKeyword,
];
