/**
 * Issue 12.5: SARIF and `--format github` locations relative to the repository root (not to the
 * working directory), `%SRCROOT%` in `originalUriBaseIds`, stable `partialFingerprints`, `helpUri`
 * when the package says where its docs live; the output valid against the official SARIF 2.1.0
 * schema (the OASIS file sarif-2.1.0-rtm.5.json, as shipped in the @microsoft/jest-sarif package).
 */
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runLint } from "../../src/commands/lint.js";
import { formatGithub } from "../../src/lint/formatters/github.js";
import { FINGERPRINT, SRCROOT, formatSarif, rulesDocsUrl } from "../../src/lint/formatters/sarif.js";
import { repositoryRoot } from "../../src/lint/formatters/locations.js";
import { RULES as rules } from "../../src/catalog.js";
import type { Diagnostic } from "../../src/model.js";
import { fixture, tempDir } from "../helpers.js";
import { validateSarif as validate } from "../lint/helpers/sarif-schema.js";

interface Result {
  ruleId: string;
  partialFingerprints: Record<string, string>;
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number } } }[];
}
interface Log {
  runs: { originalUriBaseIds: Record<string, { uri: string }>; results: Result[]; tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[];
}

async function lintSarif(cwd: string, env: Record<string, string> = {}, format: "sarif" | "github" = "sarif"): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await runLint({ cwd, env, format, stdout: { write: (t: string) => (out += t) }, stderr: { write: () => undefined } });
  return { code, out };
}

/** A repository whose tools live in packages/agent (a monorepo package), one of them broken. */
async function monorepo(): Promise<{ root: string; pkg: string }> {
  const root = await tempDir("toolgen-sarif-");
  mkdirSync(path.join(root, ".git"));
  const pkg = path.join(root, "packages", "agent");
  cpSync(fixture("lint", "seed-001", "schemas"), path.join(pkg, "schemas"), { recursive: true });
  writeFileSync(
    path.join(pkg, "schemas", "with space.json"),
    JSON.stringify({ name: "spaced", description: "Too short.", input_schema: { type: "object", properties: { q: { type: "string" } }, required: ["r"] } }),
  );
  return { root, pkg };
}

describe("SARIF for code scanning", () => {
  it("is valid against the official SARIF 2.1.0 schema (findings, spaces in names, no findings)", async () => {
    const { pkg } = await monorepo();
    const { code, out } = await lintSarif(pkg);
    expect(code).toBe(1);
    const log = JSON.parse(out) as Log;
    expect(log.runs[0]!.results.length).toBeGreaterThan(2);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const withHelp = JSON.parse(formatSarif([], { rules, root: pkg, cwd: pkg, docsUrl: "https://github.com/o/toolgen/blob/HEAD/docs/rules/" })) as Log;
    expect(validate(withHelp), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("the schema check can fail: a result without a message, a relative base URI, a URI with a space", async () => {
    const { pkg } = await monorepo();
    const out = (await lintSarif(pkg)).out;
    const log = JSON.parse(out) as { runs: { results: { message?: unknown }[] }[] };
    delete log.runs[0]!.results[0]!.message;
    expect(validate(log)).toBe(false);
    const relativeBase = JSON.parse(out) as Log;
    relativeBase.runs[0]!.originalUriBaseIds[SRCROOT]!.uri = "not a uri";
    expect(validate(relativeBase)).toBe(false);
    const spaced = JSON.parse(out) as Log;
    spaced.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri = "schemas/with space.json";
    expect(validate(spaced)).toBe(false);
  });

  it("gives URIs relative to the repository root under %SRCROOT%, from a package's folder", async () => {
    const { root, pkg } = await monorepo();
    const log = JSON.parse((await lintSarif(pkg)).out) as Log;
    expect(log.runs[0]!.originalUriBaseIds[SRCROOT]!.uri).toBe(pathToFileURL(root).href + "/");
    const uris = log.runs[0]!.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation);
    for (const location of uris) {
      expect(location.uriBaseId).toBe(SRCROOT);
      expect(location.uri).toMatch(/^packages\/agent\/schemas\//);
    }
    expect(uris.map((u) => u.uri)).toContain("packages/agent/schemas/with%20space.json");
  });

  it("uses GITHUB_WORKSPACE as the root when it is set", async () => {
    const { root, pkg } = await monorepo();
    const log = JSON.parse((await lintSarif(pkg, { GITHUB_WORKSPACE: path.join(root, "packages") })).out) as Log;
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(/^agent\/schemas\//);
    expect(repositoryRoot(pkg, {})).toBe(root);
  });

  it("gives a file outside the root its absolute URL, without a base", () => {
    const d: Diagnostic = { file: "/elsewhere/x.json", rule: "parse-error", severity: "error", message: "m", pointer: "" };
    const log = JSON.parse(formatSarif([d], { rules, cwd: "/repo/pkg", root: "/repo" })) as Log;
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: "file:///elsewhere/x.json" });
  });

  it("fingerprints a finding by rule, file, tool and pointer: stable when lines move, distinct otherwise", () => {
    const base: Diagnostic = { file: "schemas/a.json", tool: "a", rule: "parameter-description", severity: "warning", message: "m", pointer: "/input_schema/properties/x", line: 7, column: 3 };
    const print = (ds: Diagnostic[]) => (JSON.parse(formatSarif(ds, { rules, cwd: "/r", root: "/r" })) as Log).runs[0]!.results.map((r) => r.partialFingerprints[FINGERPRINT]!);
    const [first] = print([base]);
    expect(first).toMatch(/^[0-9a-f]{32}:1$/);
    expect(print([{ ...base, line: 40, column: 9, message: "reworded" }])[0]).toBe(first);
    expect(print([{ ...base, pointer: "/input_schema/properties/y" }])[0]).not.toBe(first);
    expect(print([{ ...base, file: "schemas/b.json" }])[0]).not.toBe(first);
    const twice = print([base, base]);
    expect(twice[0]).toBe(first);
    expect(twice[1]).toBe(first!.replace(/:1$/, ":2"));
  });

  it("has helpUri on every rule when the package declares a repository or homepage, and none otherwise", () => {
    const docsUrl = "https://github.com/o/toolgen/blob/HEAD/docs/rules/";
    const withHelp = (JSON.parse(formatSarif([], { rules, docsUrl })) as Log).runs[0]!.tool.driver.rules;
    for (const rule of withHelp) expect(rule.helpUri).toBe(`${docsUrl}${rule.id}.md`);
    const without = (JSON.parse(formatSarif([], { rules })) as Log).runs[0]!.tool.driver.rules;
    for (const rule of without) expect(rule).not.toHaveProperty("helpUri");
  });

  it("reads the rule pages' URL from package.json's repository or homepage", () => {
    const gh = "https://github.com/acme/toolgen/blob/HEAD/docs/rules/";
    expect(rulesDocsUrl({ repository: "github:acme/toolgen" })).toBe(gh);
    expect(rulesDocsUrl({ repository: "acme/toolgen" })).toBe(gh);
    expect(rulesDocsUrl({ repository: { type: "git", url: "git+https://github.com/acme/toolgen.git" } })).toBe(gh);
    expect(rulesDocsUrl({ repository: { type: "git", url: "git@github.com:acme/toolgen.git" } })).toBe(gh);
    expect(rulesDocsUrl({ repository: { url: "https://github.com/acme/mono.git", directory: "packages/toolgen" } })).toBe(
      "https://github.com/acme/mono/blob/HEAD/packages/toolgen/docs/rules/",
    );
    expect(rulesDocsUrl({ repository: "gitlab:acme/toolgen" })).toBe("https://gitlab.com/acme/toolgen/-/blob/HEAD/docs/rules/");
    expect(rulesDocsUrl({ homepage: "https://github.com/acme/toolgen#readme" })).toBe(gh);
    expect(rulesDocsUrl({ homepage: "https://toolgen.example/" })).toBe("https://toolgen.example/docs/rules/");
    expect(rulesDocsUrl({})).toBeUndefined();
    expect(rulesDocsUrl({ repository: "svn://somewhere/else" })).toBeUndefined();
  });
});

describe("--format github", () => {
  it("names files relative to the repository root, from a package's folder", async () => {
    const { pkg } = await monorepo();
    const { out } = await lintSarif(pkg, {}, "github");
    const files = [...out.matchAll(/file=([^,]+),/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^packages\/agent\/schemas\//);
  });

  it("keeps paths as given when the root is the working directory", () => {
    const d: Diagnostic = { file: "schemas/a.json", rule: "parse-error", severity: "error", message: "m", pointer: "" };
    expect(formatGithub([d], { cwd: "/r", root: "/r" })).toContain("file=schemas/a.json,");
  });
});
