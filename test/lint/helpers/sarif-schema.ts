/**
 * The official SARIF 2.1.0 JSON schema (the OASIS file sarif-2.1.0-rtm.5.json, as shipped in the
 * @microsoft/jest-sarif package), compiled once with its three formats checked rather than ignored:
 * what test/hooks/sarif.test.ts and test/lint/server.test.ts validate toolgen's SARIF against.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Ajv } from "ajv";

const require = createRequire(import.meta.url);
/** Ajv for draft-04, the dialect of the official SARIF schema (a CommonJS module whose export is the class). */
const Ajv04 = require("ajv-draft-04") as typeof Ajv;
const officialSchema = JSON.parse(
  readFileSync(path.join(path.dirname(require.resolve("@microsoft/jest-sarif/package.json")), "lib", "schemas", "sarif-2.1.0-rtm.5.json"), "utf8"),
) as Record<string, unknown>;
/** The schema's three formats: an absolute URI, a URI reference, a date-time. */
const formats = {
  uri: (s: string) => URL.canParse(s) && !/\s/.test(s),
  "uri-reference": (s: string) => !/[\s<>"{}|\\^`]/.test(s) && URL.canParse(s, "file:///base/"),
  "date-time": (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s),
};
/** Validates a parsed SARIF log; its `errors` say why not. */
export const validateSarif = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false, formats }).compile(officialSchema);
