/**
 * A user's project around a generated folder with framework outputs (the seed tools by default): the
 * build, handler files that answer, the user's own module with the framework's line (`new Agent({
 * tools })`...), a tsconfig.json, and `tsc` run over it as a user runs it (the project's tsconfig
 * names the files), emitting JavaScript to dist/ that the tests import. Lives under test/__out__/ so
 * that the framework packages resolve from the repo's node_modules.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type BuildOptions } from "../../src/pipeline.js";
import { parseToolsets } from "../../src/toolsets/settings.js";
import { repoRoot } from "../helpers.js";
import { compileProject, repoTempDir } from "../e2e/compile.js";
import { sharedFixture } from "../shared-fixture.js";

export const BASE_OUTPUTS = ["native", "legacy", "types", "validators", "handlers", "runtime", "index"];

/** What the handlers of the seed tools record of each call they run (globalThis.toolgenCalls). */
export interface RecordedCall {
  tool: string;
  input: unknown;
  toolUseId: string;
  context: unknown;
  signal: boolean;
  /** For an input whose JSON says "wait": whether the handler's signal aborted (within 5 s). */
  aborted?: boolean;
}

/**
 * Each stub records its call (tool, input, the context it got) on `globalThis.toolgenCalls` and
 * returns `{ tool, input }`; an input whose JSON says "boom" throws, one that says "wait" waits for
 * its abort signal (at most 5 s) and records whether it aborted.
 */
export async function recordingHandlers(handlers: string): Promise<void> {
  for (const file of await readdir(handlers)) {
    const full = path.join(handlers, file);
    const text = await readFile(full, "utf8");
    const body = [
      `  const calls = ((globalThis as { toolgenCalls?: unknown[] }).toolgenCalls ??= []);`,
      `  const call: { [key: string]: unknown } = { tool: _context.toolName, input, toolUseId: _context.toolUseId, context: _context.context, signal: typeof _context.signal.aborted === "boolean" };`,
      `  calls.push(call);`,
      `  if (JSON.stringify(input).includes("wait")) {`,
      `    await new Promise<void>((resolve) => {`,
      `      _context.signal.addEventListener("abort", () => resolve(), { once: true });`,
      `      setTimeout(resolve, 5000);`,
      `    });`,
      `    call.aborted = _context.signal.aborted;`,
      `  }`,
      `  if (JSON.stringify(input).includes("boom")) throw new Error("boom: the handler failed");`,
      `  return { tool: _context.toolName, input };`,
      ``,
    ].join("\n");
    await writeFile(full, text.replace(/  void input;.*\n/, "").replace(/  throw new Error\(.*\);\n/, body));
  }
}

/**
 * Four tools besides the seed ones: `find_city`, strict (its optional `country` is nullable when
 * lowered for OpenAI); `delete_note`, whose file says `"needs_approval": true`; `look-up-note`,
 * whose name the OpenAI Agents SDK sends as `look_up_note`; and `archive_note`, whose file has an
 * `output_schema` (what the recording handler returns, its note id at most 8 characters),
 * `allowed_callers` and `"defer_loading": true`.
 */
export const EXTRA_TOOLS: Record<string, object> = {
  "find_city.json": {
    name: "find_city",
    description: "Finds a city by its name. Use it when the user names a place. It returns the city's record, and fails when there is no such city.",
    strict: true,
    input_schema: {
      type: "object",
      properties: {
        name: { type: "string", description: "The city's name, e.g. Paris." },
        country: { type: "string", description: "The city's country, when the user names it." },
      },
      required: ["name"],
      additionalProperties: false,
    },
  },
  "delete_note.json": {
    name: "delete_note",
    description: "Deletes one of the user's notes. Use it only when the user asks to delete a note. It returns nothing, and fails when there is no such note.",
    needs_approval: true,
    input_schema: { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] },
  },
  "look-up-note.json": {
    name: "look-up-note",
    description: "Looks up one of the user's notes by its id. Use it when the user asks what a note says. It returns the note, and fails when there is no such note.",
    input_schema: { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] },
  },
  "archive_note.json": {
    name: "archive_note",
    description: "Archives one of the user's notes. Use it when the user asks to archive a note. It returns the archived note, and fails when there is no such note.",
    output_schema: {
      type: "object",
      properties: { tool: { type: "string" }, input: { type: "object", properties: { id: { type: "string", maxLength: 8 } }, required: ["id"] } },
      required: ["tool", "input"],
    },
    allowed_callers: ["direct"],
    defer_loading: true,
    input_schema: { type: "object", properties: { id: { type: "string", description: "The note's id." } }, required: ["id"] },
  },
};

/** A schemas folder with the seed tools and EXTRA_TOOLS. */
export async function seedAndExtraTools(): Promise<string> {
  const dir = path.join(await repoTempDir(), "schemas");
  await cp(path.join(repoRoot, "schemas"), dir, { recursive: true });
  for (const [file, tool] of Object.entries(EXTRA_TOOLS)) await writeFile(path.join(dir, file), JSON.stringify(tool, null, 2));
  return dir;
}

export interface FrameworkProject {
  dir: string;
  out: string;
  handlers: string;
  /** The compiled JavaScript of the generated folder: `<dist>/generated/openai-agents.js`... */
  dist: string;
  notes: string[];
  /** tsc's diagnostics over the project (empty: it compiled). */
  diagnostics: string[];
}

/** Resolves once `check` holds (polled every 10 ms, at most 5 s). */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The tsconfig.json of the user's project: strict, NodeNext, Node's types, emitting to dist/. */
export const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    lib: ["ES2022"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    skipLibCheck: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    outDir: "dist",
    rootDir: ".",
  },
  include: ["generated/**/*.ts", "handlers/**/*.ts", "src/**/*.ts"],
};

/**
 * Builds `schemas` (default: the seed tools) with `outputs` added to the base ones, fills the
 * handlers, writes `user` (file under src/ -> text), and compiles the project with its tsconfig.
 */
export async function frameworkProject(outputs: string[], user: Record<string, string> = {}, schemas = path.join(repoRoot, "schemas")): Promise<FrameworkProject> {
  return frameworkProjectIn(await repoTempDir(), outputs, user, schemas);
}

async function frameworkProjectIn(dir: string, outputs: string[], user: Record<string, string>, schemas: string, extra: Partial<BuildOptions> = {}): Promise<FrameworkProject> {
  await cp(schemas, path.join(dir, "schemas"), { recursive: true });
  const out = path.join(dir, "generated");
  const handlers = path.join(dir, "handlers");
  const { notes } = await build({ schemas: path.join(dir, "schemas"), out, handlers, outputs: [...BASE_OUTPUTS, ...outputs], ...extra });
  await recordingHandlers(handlers);
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  await mkdir(path.join(dir, "src"), { recursive: true });
  for (const [file, text] of Object.entries(user)) await writeFile(path.join(dir, "src", file), text);
  const diagnostics = compileProject(dir);
  return { dir, out, handlers, dist: path.join(dir, "dist", "generated"), notes, diagnostics };
}

/** The outputs of the shared framework project: those of the OpenAI Agents SDK, Mastra, Anthropic's tool helpers and Managed Agents, and what they import. */
export const SHARED_FRAMEWORK_OUTPUTS = ["openai", "openai-agents", "standard-schema", "mastra", "anthropic-helpers", "managed-agents", "toolsets"];

/** The shared project's one toolset (toolsets/notes.ts filters every provided tools array: a Managed Agent's worth of tools). */
const SHARED_TOOLSETS = parseToolsets({ notes: ["delete_note", "look-up-note"] }, "test");

/** The user's modules of the shared framework project (under src/): each framework's own line with the generated `tools`. */
export const FRAMEWORK_USER_FILES: Record<string, string> = {
  "openai-agents-agent.ts": `import { Agent, toolSearchTool } from "@openai/agents";
import { tools } from "../generated/openai-agents.js";

export const agent = new Agent({ name: "assistant", instructions: "Answer briefly.", tools: [...tools, toolSearchTool()] });
`,
  "mastra-agent.ts": `import { Agent } from "@mastra/core/agent";
import { tools } from "../generated/mastra.js";

export const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Answer briefly.", model: "openai/gpt-5", tools });
`,
  "anthropic-runner.ts": `import Anthropic from "@anthropic-ai/sdk";
import { tools } from "../generated/anthropic-helpers.js";

export function weather(client: Anthropic) {
  return client.beta.messages.toolRunner({ model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: "Weather in Paris?" }], tools });
}
`,
  "managed-agent.ts": `import Anthropic from "@anthropic-ai/sdk";
import type { BetaManagedAgentsCustomToolParams } from "@anthropic-ai/sdk/resources/beta/agents/agents";
import type { DispatchedToolCall } from "@anthropic-ai/sdk/lib/tools/SessionToolRunner";
import { managedAgentTools, sessionTools } from "../generated/managed-agents.js";
import { managedAgentTools as notesTools } from "../generated/toolsets/notes.js";

export const customTools: BetaManagedAgentsCustomToolParams[] = managedAgentTools;

/** One agent per toolset: the toolset's custom tools. */
export function createNotesAgent(client: Anthropic) {
  return client.beta.agents.create({ name: "notes", model: "claude-sonnet-4-5", tools: notesTools });
}

export function createAgent(client: Anthropic) {
  return client.beta.agents.create({ name: "assistant", model: "claude-sonnet-4-5", tools: managedAgentTools });
}

export async function firstCall(client: Anthropic, sessionId: string): Promise<DispatchedToolCall | undefined> {
  for await (const call of client.beta.sessions.events.toolRunner(sessionId, { tools: sessionTools })) return call;
  return undefined;
}
`,
};

/**
 * One user's project with the seed tools and EXTRA_TOOLS, SHARED_FRAMEWORK_OUTPUTS and
 * FRAMEWORK_USER_FILES, built and compiled once per `vitest run` (test/shared-fixture.ts) for the
 * OpenAI Agents SDK, Mastra and Anthropic tool-helper tests, which only read it and import its dist/.
 * The handlers record their calls on the importing process's globalThis, so each test file sees
 * only its own calls.
 */
export async function sharedFrameworkProject(): Promise<FrameworkProject> {
  const { made } = await sharedFixture("frameworks", async (dir) =>
    frameworkProjectIn(dir, SHARED_FRAMEWORK_OUTPUTS, FRAMEWORK_USER_FILES, await seedAndExtraTools(), { toolsets: SHARED_TOOLSETS }),
  );
  return made;
}
