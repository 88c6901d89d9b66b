/**
 * SARIF 2.1.0 for code scanning (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html):
 * one run, the rule registry as `tool.driver.rules`, one result per finding with a region.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic } from "../../model.js";
import { docsPath } from "../registry.js";
import type { Rule } from "../rule.js";

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

export interface SarifOptions {
  rules: readonly Rule[];
  /** toolgen's version, for `tool.driver.version`. */
  version?: string;
}

export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const index = new Map(options.rules.map((rule, i) => [rule.meta.id, i]));
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "toolgen",
            ...(options.version ? { version: options.version } : {}),
            rules: options.rules.map((rule) => ({
              id: rule.meta.id,
              name: rule.meta.id,
              shortDescription: { text: rule.meta.description },
              help: { text: `${rule.meta.description} See ${docsPath(rule.meta.id)} in the toolgen package.` },
              defaultConfiguration: { level: rule.meta.defaultSeverity },
            })),
          },
        },
        columnKind: "utf16CodeUnits",
        results: diagnostics.map((d) => ({
          ruleId: d.rule,
          ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule) } : {}),
          level: d.severity,
          message: { text: d.tool !== undefined ? `${d.message} (tool '${d.tool}', #${d.pointer})` : `${d.message} (#${d.pointer})` },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(d.file) },
                region: { startLine: d.line ?? 1, startColumn: d.column ?? 1 },
              },
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** Relative paths stay relative (code scanning resolves them against the checkout); absolute ones become file URLs. */
function artifactUri(file: string): string {
  return path.isAbsolute(file) ? pathToFileURL(file).href : file.split("/").map(encodeURIComponent).join("/");
}
