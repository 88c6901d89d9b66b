import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { composeRules, RULES } from "../../src/catalog.js";
import { resolveRuleSettings as resolveWith } from "../../src/lint/settings.js";

/** The settings of a run with the config's `rules` (the default targets). */
const resolveRuleSettings = (rules: Record<string, unknown>, source?: string) => resolveWith(RULES, composeRules({ rules }), source);

describe("resolveRuleSettings", () => {
  it("gives every rule its default severity and options", () => {
    const settings = resolveRuleSettings({});
    // One setting per rule of the catalogue (base rules, then the targets' output rules and own rules), and no other.
    expect([...settings.keys()].sort()).toEqual(RULES.map((rule) => rule.meta.id).sort());
    expect(settings.size).toBeGreaterThanOrEqual(36);
    expect(settings.get("gemini-parameters-lossless")).toEqual({ severity: "off", options: {} });
    expect(settings.get("schema-valid")).toEqual({ severity: "error", options: {} });
    expect(settings.get("description-min-sentences")).toEqual({ severity: "warning", options: { min: 3 } });
    expect(settings.get("description-max-length")).toEqual({ severity: "warning", options: { max: 2048 } });
    expect(settings.get("schema-max-depth")).toEqual({ severity: "warning", options: { max: 3 } });
    expect(settings.get("legacy-tool-count")).toEqual({ severity: "warning", options: { max: 5 } });
  });

  it("applies severities, off and options", () => {
    const settings = resolveRuleSettings({
      "description-min-sentences": ["error", { min: 4 }],
      "legacy-tool-count": "off",
      "parameter-description": ["error"],
    });
    expect(settings.get("description-min-sentences")).toEqual({ severity: "error", options: { min: 4 } });
    expect(settings.get("legacy-tool-count")?.severity).toBe("off");
    expect(settings.get("parameter-description")).toEqual({ severity: "error", options: {} });
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ["an unknown rule id near a known one: did you mean", { "description-min-sentence": "warning" }, /unknown rule 'description-min-sentence' in "rules": did you mean 'description-min-sentences'\?/],
    ["an unknown rule id near none, listing the known ones", { "no-such-thing-at-all": "warning" }, /unknown rule 'no-such-thing-at-all' in "rules"\. Known rules: parse-error, value-preserved, tool-shape, .*legacy-tool-count/],
    ["an unknown severity", { "schema-valid": "warnings" }, /rule 'schema-valid': the setting must be "off", "error", "warning" \(or "warn"\) or/],
    ["a setting of the wrong type", { "schema-valid": 2 }, /the setting must be/],
    ["too many array items", { "schema-valid": ["error", {}, {}] }, /the setting must be/],
    ["options that are not an object", { "description-min-sentences": ["warning", 4] }, /options must be an object, not 4/],
    ["an unknown option", { "description-min-sentences": ["warning", { minimum: 4 }] }, /unknown option 'minimum' \(options: min\)/],
    ["an option on a rule without options", { "schema-valid": ["error", { max: 1 }] }, /this rule takes no options/],
    ["a non-integer option", { "schema-max-depth": ["warning", { max: 2.5 }] }, /option 'max' must be an integer >= 1, not 2.5/],
    ["an option below its minimum", { "description-min-sentences": ["warning", { min: 0 }] }, /must be an integer >= 1, not 0/],
  ];
  it.each(bad)("rejects %s with a UsageError (exit 2)", (_name, rules, message) => {
    const attempt = () => resolveRuleSettings(rules, "my.config.json");
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(/^my\.config\.json: /);
  });
});
