/**
 * Facts that cannot drift silently (issue 37 item 6): what toolgen states about a provider or a client is
 * compared with what the installed packages state themselves, read from their own files; a fact no
 * installed package states carries its source and a "checked on" date, and those older than six months
 * are listed. Each check fails when one side changes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_START_TIMEOUT_MS } from "../../src/commands/mcp-server.js";
import { toolFileNames } from "../../src/lint/name-format.js";
import { gemini } from "../../src/targets/gemini/facts.js";
import { mcp } from "../../src/targets/mcp/facts.js";
import { openai } from "../../src/targets/openai/facts.js";
import { repoRoot } from "../helpers.js";
import { anthropicDeprecations, anthropicModels, packageDir, packageText, packageVersion } from "./installed.js";
import { factsWithoutDate, sourcedFacts, staleFacts } from "./sources.js";

/** Files under `dir` (relative to the repository) whose names end with one of `exts`, recursively. */
function filesUnder(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(rel, exts));
    else if (exts.some((e) => entry.name.endsWith(e))) out.push(rel);
  }
  return out;
}

/**
 * What toolgen prints or documents: its sources, command line, templates and docs. Left out:
 * token-estimate.ts (its table maps every model of the SDK's union, retiring ones included, on purpose)
 * and the compiled templates (a copy of templates/).
 */
const PRINTED = [
  ...filesUnder("src", [".ts"]).filter((f) => !f.endsWith("token-estimate.ts") && !f.endsWith("precompiled-templates.ts")),
  ...filesUnder("cli", [".ts"]),
  ...filesUnder("templates", [".hbs"]),
  ...filesUnder("docs", [".md"]),
  "README.md",
  "CONTRIBUTING.md",
  "ARCHITECTURE.md",
];

/** Each match of `pattern` in the printed files, with where it is. */
function printed(pattern: RegExp): { id: string; where: string }[] {
  const out: { id: string; where: string }[] = [];
  for (const file of PRINTED) {
    readFileSync(path.join(repoRoot, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const m of line.matchAll(pattern)) out.push({ id: m[0], where: `${file}:${i + 1}` });
      });
  }
  return out;
}

const DAY = 24 * 60 * 60 * 1000;

/** A regex's verdict on each of a set of probes: names of every ASCII character, and lengths around the limits. */
function verdicts(re: RegExp, max: number): string[] {
  const probes = [...Array.from({ length: 128 }, (_, c) => `a${String.fromCharCode(c)}`), String.fromCharCode(95) + "x", "", "a".repeat(max), "a".repeat(max + 1), "1a", "_a", "-a", ".a"];
  return probes.map((p) => `${JSON.stringify(p.slice(0, 3))}${p.length}:${re.test(p)}`);
}

describe("Anthropic: the model ids toolgen prints or documents", () => {
  const models = new Set(anthropicModels());
  const deprecations = anthropicDeprecations();
  const ids = printed(/\bclaude-(?:[a-z]+-\d+(?:-\d+)*(?:-\d{8})?|[a-z]+-preview)\b/g);

  it("are in the installed SDK's Model union", () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((m) => !models.has(m.id))).toEqual([]);
  });

  it("are none within 90 days of their end of life (the SDK's DEPRECATED_MODELS)", () => {
    const soon = ids
      .filter((m) => deprecations.has(m.id) && deprecations.get(m.id)!.getTime() - Date.now() < 90 * DAY)
      .map((m) => `${m.where}: ${m.id} reaches end of life on ${deprecations.get(m.id)!.toISOString().slice(0, 10)}`);
    expect(soon).toEqual([]);
  });
});

describe("OpenAI and Gemini: the model ids the docs use", () => {
  it("OpenAI's are in the installed openai's ChatModel union", () => {
    const union = /export type ChatModel = ([^;]+);/.exec(packageText("openai", "resources/shared.d.ts"))![1]!;
    const known = new Set([...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
    const ids = printed(/\bgpt-\d[a-z0-9.-]*\b/g);
    expect(ids.filter((m) => !known.has(m.id))).toEqual([]);
  });

  it("Gemini's are named by the installed @google/genai (which lists no retirements: the model its own examples use)", () => {
    const text = packageText("@google/genai", "dist/genai.d.ts");
    const ids = printed(/\bgemini-\d[a-z0-9.-]*[a-z0-9]\b/g);
    expect(ids.filter((m) => !new RegExp(`['"\`\\s]${m.id.replace(/\./g, "\\.")}['"\`\\s]`).test(text))).toEqual([]);
  });
});

describe("OpenAI's function-name rule", () => {
  it("is what the installed openai's FunctionDefinition.name says", () => {
    const text = packageText("openai", "resources/shared.d.ts");
    const doc = /export interface FunctionDefinition \{\s*\/\*\*([\s\S]*?)\*\/\s*name: string;/.exec(text)?.[1]?.replace(/\s*\*\s*/g, " ");
    expect(doc).toContain("Must be a-z, A-Z, 0-9, or contain underscores and dashes");
    expect(Number(/maximum length of (\d+)/.exec(doc!)?.[1])).toBe(openai.toolName.max);
    expect(verdicts(openai.toolName.pattern, 64)).toEqual(verdicts(new RegExp(`^[a-zA-Z0-9_-]{1,${openai.toolName.max}}$`), 64));
  });
});

describe("Gemini: @google/genai's name rules and its 512", () => {
  const text = packageText("@google/genai", "dist/genai.d.ts");

  it("FunctionDeclaration.name: starts with a letter or _, then letters, digits, _ . : -, at most 128", () => {
    const doc = /The name of the function to call\. (Must start with[^*]*?maximum length of (\d+)\.)/.exec(text);
    expect(doc?.[1]).toContain("Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes");
    expect(Number(doc?.[2])).toBe(gemini.toolName.max);
    expect(verdicts(gemini.toolName.pattern, 128)).toEqual(verdicts(new RegExp(`^[a-zA-Z_][a-zA-Z0-9_.:-]{0,${Number(doc?.[2]) - 1}}$`), 128));
  });

  it("parameter names: a letter or _, then letters, digits and _, at most 64", () => {
    const doc = /Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of (\d+)\./.exec(text);
    expect(Number(doc?.[1])).toBe(gemini.propertyKey.max);
  });

  it("at most 512 function declarations", () => {
    const stated = Number(/Maximum (\d+) function declarations can be provided/.exec(text)?.[1]);
    expect(stated).toBe(gemini.maxTools.max);
  });
});

describe("MCP: the SDK's tool-name pattern, body and stdio limits", () => {
  /** The text of @modelcontextprotocol/server's built files (the SDK the generated servers import). */
  const server = readdirSync(path.join(packageDir("@modelcontextprotocol/server"), "dist"))
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => packageText("@modelcontextprotocol/server", `dist/${f}`))
    .join("\n");
  /** `NAME = 4 * 1024 * 1024` in `text`, evaluated. */
  const constant = (source: string, name: string) => {
    const m = new RegExp(`${name} = ([0-9 *]+)[;\\n]`).exec(source);
    if (m === null) throw new Error(`no ${name}`);
    return m[1]!.split("*").reduce((n, f) => n * Number(f.trim()), 1);
  };

  it("tool names: the SDK's TOOL_NAME_REGEX (both SDKs), as toolgen's mcp facts", () => {
    const literal = (source: string) => /const TOOL_NAME_REGEX = \/(.+)\/;/.exec(source)?.[1];
    const fromServer = literal(server);
    const fromSdk = literal(packageText("@modelcontextprotocol/sdk", "dist/esm/shared/toolNameValidation.js"));
    expect(fromServer).toBeDefined();
    expect(fromSdk).toBe(fromServer);
    expect(verdicts(mcp.toolName.pattern, 128)).toEqual(verdicts(new RegExp(fromServer!), 128));
    expect(mcp.toolName.max).toBe(128);
  });

  it("the HTTP body bound and the stdio message bound the generated servers default to are the SDK's", () => {
    const fetchEntry = readFileSync(path.join(repoRoot, "src/targets/mcp/fetch-entry.ts"), "utf8");
    const entries = readFileSync(path.join(repoRoot, "src/targets/mcp/entries.ts"), "utf8");
    expect(constant(fetchEntry, "DEFAULT_MAX_BODY_BYTES")).toBe(constant(server, "DEFAULT_MAX_REQUEST_BODY_SIZE"));
    expect(constant(entries, "DEFAULT_MAX_MESSAGE_BYTES")).toBe(constant(server, "STDIO_DEFAULT_MAX_BUFFER_SIZE"));
  });

  it("import mcp, lint --server and diff --*-server list with the client SDK's own bounds: its stdio message size and request timeout", async () => {
    const client = await import("@modelcontextprotocol/client");
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(client.STDIO_DEFAULT_MAX_BUFFER_SIZE);
    expect(DEFAULT_START_TIMEOUT_MS).toBe(client.DEFAULT_REQUEST_TIMEOUT_MSEC);
  });
});

describe("Anthropic: the tool-name rule", () => {
  it("is the API's {1,128}, not the 64 of OpenAI and of Claude Desktop (a portability warning)", () => {
    expect(toolFileNames.toolName.pattern.source).toBe("^[a-zA-Z0-9_-]{1,128}$");
    // 64 is OpenAI's limit (and Claude Desktop's): nothing may call a {1,64} pattern Anthropic's.
    const lines = printed(/^.*\{1,64\}.*$/g);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((m) => /Anthropic (?:tool-)?(?:name )?pattern|ANTHROPIC_NAME/.test(m.id))).toEqual([]);
  });
});

describe("facts no installed package states", () => {
  const facts = sourcedFacts(repoRoot);

  it("are found (every `Source:` comment of the facts files)", () => {
    expect(facts.length).toBeGreaterThan(15);
  });

  it("each name an installed package with its version, or carry a checked-on date", () => {
    expect(factsWithoutDate(facts).map((f) => `${f.where}: ${f.text.slice(0, 100)}`)).toEqual([]);
  });

  it("name installed packages at the versions installed (major.minor)", () => {
    const wrong = facts.flatMap((f) =>
      f.packages.filter((p) => !packageVersion(p.name).startsWith(`${p.version}.`) && packageVersion(p.name) !== p.version).map((p) => `${f.where}: ${p.name} ${p.version} (installed: ${packageVersion(p.name)})`),
    );
    expect(wrong).toEqual([]);
  });

  it("checked more than six months ago: none (re-check them, and write the new date)", () => {
    expect(staleFacts(facts, new Date()).map((f) => `${f.where}: checked on ${f.checked}`)).toEqual([]);
  });

  it("the listing works: a date seven months back is listed, one five months back is not", () => {
    const now = new Date("2026-11-29T00:00:00Z");
    const made = [
      { where: "a", text: "", packages: [], checked: "2026-04-28" },
      { where: "b", text: "", packages: [], checked: "2026-06-30" },
    ];
    expect(staleFacts(made, now).map((f) => f.where)).toEqual(["a"]);
  });
});

describe("the TypeScript the docs say is tested", () => {
  it("is the one the suite installs (major.minor)", () => {
    const said = /Tested with TypeScript (\d+\.\d+)/.exec(readFileSync(path.join(repoRoot, "docs/dispatch.md"), "utf8"))?.[1];
    expect(said).toBeDefined();
    expect(packageVersion("typescript").startsWith(`${said}.`)).toBe(true);
  });
});
