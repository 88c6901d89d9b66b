/**
 * SARIF 2.1.0 for code scanning (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html):
 * one run, the rule registry as `tool.driver.rules`, one result per finding with a region.
 *
 * - Artifact URIs are relative to the repository root (locations.ts), with `uriBaseId: "%SRCROOT%"`
 *   and the root's file URL under `originalUriBaseIds`; a file outside the root gets its absolute URL.
 * - `partialFingerprints["toolgen/v1"]` identifies a finding by rule, file, tool and JSON pointer
 *   (not by line or message), so code scanning follows an alert across commits that move it.
 * - `helpUri` points at the rule's page (docs/rules/<id>.md) when toolgen's package.json declares
 *   a repository or homepage to find it at.
 * test/hooks/sarif.test.ts validates the output against the official SARIF 2.1.0 JSON schema.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Diagnostic } from "../../model.js";
import { docsPath } from "../rule.js";
import type { Rule } from "../rule.js";
import { packageRoot } from "../../load/own-package.js";
import { fromRoot, relativeUri, rootUri } from "./locations.js";

let crypto: typeof import("node:crypto") | undefined;

/** SHA-256 of `text`, in hex. node:crypto loads on first use: loading it costs every `toolgen lint` start-up ~5 ms otherwise. */
function sha256Hex(text: string): string {
  crypto ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return crypto.createHash("sha256").update(text).digest("hex");
}

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
export const SRCROOT = "%SRCROOT%";
export const FINGERPRINT = "toolgen/v1";

export interface SarifOptions {
  rules: readonly Rule[];
  /** toolgen's version, for `tool.driver.version`. */
  version?: string;
  /** Where the findings' relative paths start (default: the process's working directory). */
  cwd?: string;
  /** The repository root the URIs are relative to (default: `cwd`); see locations.ts's repositoryRoot. */
  root?: string;
  /** URL of the folder holding the rule pages, ending in `/` (see rulesDocsUrl); none: no `helpUri`. */
  docsUrl?: string;
  /** Findings' locations that are no file: a server's tools (`server:<name>`), see notFileLocation. */
  notFiles?: ReadonlySet<string>;
}

export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const index = new Map(options.rules.map((rule, i) => [rule.meta.id, i]));
  const cwd = options.cwd ?? process.cwd();
  const root = options.root ?? cwd;
  const seen = new Map<string, number>();
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
              ...(options.docsUrl ? { helpUri: `${options.docsUrl}${rule.meta.id.split("/").map(encodeURIComponent).join("/")}.md` } : {}),
              defaultConfiguration: rule.meta.defaultSeverity === "off" ? { enabled: false, level: "none" } : { level: rule.meta.defaultSeverity },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: rootUri(root) } },
        columnKind: "utf16CodeUnits",
        results: diagnostics.map((d) => {
          const artifactLocation = options.notFiles?.has(d.file) ? { uri: notFileUri(d.file) } : fileLocation(d.file, cwd, root);
          const key = [d.rule, artifactLocation.uri, d.tool ?? "", d.pointer].join("\u0000");
          const occurrence = (seen.get(key) ?? 0) + 1;
          seen.set(key, occurrence);
          return {
            ruleId: d.rule,
            ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule) } : {}),
            level: d.severity,
            message: { text: d.tool !== undefined ? `${d.message} (tool '${d.tool}', #${d.pointer})` : `${d.message} (#${d.pointer})` },
            locations: [
              {
                // A region even where there is no line: code scanning places a result by it (line 1, as for a file-wide finding).
                physicalLocation: { artifactLocation, region: { startLine: d.line ?? 1, startColumn: d.column ?? 1 } },
                ...(options.notFiles?.has(d.file) && d.tool !== undefined ? { logicalLocations: [{ name: d.tool, fullyQualifiedName: `${d.tool}#${d.pointer}`, kind: "function" }] } : {}),
              },
            ],
            partialFingerprints: { [FINGERPRINT]: `${sha256Hex(key).slice(0, 32)}:${occurrence}` },
          };
        }),
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** A file's artifact location: relative to the repository root (`%SRCROOT%`), or its absolute file URL outside it. */
function fileLocation(file: string, cwd: string, root: string): { uri: string; uriBaseId?: string } {
  const where = fromRoot(file, cwd, root);
  return where.relative !== undefined ? { uri: relativeUri(where.relative), uriBaseId: SRCROOT } : { uri: pathToFileURL(where.absolute).href };
}

/**
 * A location that is no file (`server:get weather`) as an absolute URI of its own scheme, the rest
 * percent-encoded (`server:get%20weather`): never taken for a path in the repository.
 */
export function notFileUri(location: string): string {
  const colon = location.indexOf(":");
  return `${location.slice(0, colon + 1)}${encodeURIComponent(location.slice(colon + 1))}`;
}

/** What a package.json says about where the package lives. */
export interface PackageLinks {
  homepage?: unknown;
  repository?: unknown;
}

/**
 * The URL of the folder of rule pages (docs/rules/), from a package.json's `repository` (a GitHub or
 * GitLab repository, in any of npm's spellings, with its `directory`) or else its `homepage` (a
 * GitHub or GitLab repository page, or a site that serves the docs/ folder). Undefined when neither
 * says.
 */
export function rulesDocsUrl(manifest: PackageLinks): string | undefined {
  const repo = manifest.repository;
  const repoUrl = typeof repo === "string" ? repo : repo && typeof repo === "object" && "url" in repo ? (repo as { url: unknown }).url : undefined;
  const directory =
    repo && typeof repo === "object" && "directory" in repo && typeof (repo as { directory: unknown }).directory === "string"
      ? (repo as { directory: string }).directory.replace(/^\/+|\/+$/g, "")
      : "";
  if (typeof repoUrl === "string") {
    const hosted = hostedRepository(repoUrl);
    if (hosted) return `${hosted}/${directory ? `${directory}/` : ""}docs/rules/`;
  }
  if (typeof manifest.homepage === "string" && /^https?:\/\//.test(manifest.homepage)) {
    const page = manifest.homepage.replace(/#.*$/, "").replace(/\/+$/, "");
    return `${hostedRepository(page) ?? page}/docs/rules/`;
  }
  return undefined;
}

/** `https://github.com/o/r/blob/HEAD` (GitLab: `/-/blob/HEAD`) for a repository URL on those hosts. */
function hostedRepository(url: string): string | undefined {
  const shorthand = /^(?:(github|gitlab):)?([\w.-]+)\/([\w.-]+)$/.exec(url);
  if (shorthand) return blob(shorthand[1] === "gitlab" ? "gitlab.com" : "github.com", shorthand[2]!, shorthand[3]!);
  const full = /^(?:git\+)?(?:https?|ssh|git):\/\/(?:[^@/]+@)?(github\.com|gitlab\.com)[:/]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url);
  if (full) return blob(full[1]!, full[2]!, full[3]!);
  const scp = /^git@(github\.com|gitlab\.com):([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(url);
  if (scp) return blob(scp[1]!, scp[2]!, scp[3]!);
  return undefined;
}

function blob(host: string, owner: string, name: string): string {
  return `https://${host}/${owner}/${name.replace(/\.git$/, "")}${host === "gitlab.com" ? "/-" : ""}/blob/HEAD`;
}

/** rulesDocsUrl for toolgen's own package.json. */
export function ownRulesDocsUrl(): string | undefined {
  try {
    return rulesDocsUrl(JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as PackageLinks);
  } catch {
    return undefined;
  }
}
