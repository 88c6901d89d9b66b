import { describe, expect, it } from "vitest";
import { SARIF_SCHEMA, formatSarif } from "../../../src/lint/formatters/sarif.js";
import { RULES as rules } from "../../../src/catalog.js";
import type { Diagnostic } from "../../../src/model.js";

const diagnostics: Diagnostic[] = [
  { file: "schemas/a b.json", tool: "a", rule: "schema-valid", severity: "error", message: "bad type", pointer: "/input_schema/type", line: 5, column: 7 },
  { file: "schemas/c.yaml", rule: "parameter-description", severity: "warning", message: "no description", pointer: "/properties/x", line: 3, column: 1 },
];

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version?: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
    }[];
  }[];
}

describe("formatSarif", () => {
  const log = JSON.parse(formatSarif(diagnostics, { rules, version: "1.2.3" })) as SarifLog;

  it("has the SARIF 2.1.0 envelope", () => {
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
  });

  it("describes toolgen and every rule in tool.driver", () => {
    const driver = log.runs[0]?.tool.driver;
    expect(driver?.name).toBe("toolgen");
    expect(driver?.version).toBe("1.2.3");
    expect(driver?.rules.map((r) => r.id)).toEqual(rules.map((r) => r.meta.id));
    for (const [i, rule] of (driver?.rules ?? []).entries()) {
      expect(rule.shortDescription.text).toBe(rules[i]?.meta.description);
      // A rule off by default (gemini-parameters-lossless) is described as disabled, level "none".
      const off = rules[i]?.meta.defaultSeverity === "off";
      expect(rule.defaultConfiguration).toEqual(off ? { enabled: false, level: "none" } : { level: rules[i]?.meta.defaultSeverity });
    }
  });

  it("gives each result a rule, a level, a message and a region", () => {
    const results = log.runs[0]?.results ?? [];
    expect(results).toHaveLength(2);
    const [first, second] = results;
    expect(first).toMatchObject({ ruleId: "schema-valid", level: "error", message: { text: "bad type (tool 'a', #/input_schema/type)" } });
    expect(first?.ruleIndex).toBe(rules.findIndex((r) => r.meta.id === "schema-valid"));
    expect(log.runs[0]?.tool.driver.rules[first?.ruleIndex ?? -1]?.id).toBe("schema-valid");
    expect(first?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "schemas/a%20b.json", uriBaseId: "%SRCROOT%" },
      region: { startLine: 5, startColumn: 7 },
    });
    expect(second).toMatchObject({ ruleId: "parameter-description", level: "warning" });
    expect(second?.locations[0]?.physicalLocation.region).toEqual({ startLine: 3, startColumn: 1 });
  });

  it("is a valid log with no results when there is nothing to report", () => {
    const empty = JSON.parse(formatSarif([], { rules })) as SarifLog;
    expect(empty.runs[0]?.results).toEqual([]);
  });
});
