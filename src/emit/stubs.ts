/**
 * Handler stubs in the user-owned handlers folder. A stub is created when missing; afterwards only
 * its signature and its import of the generated types follow the schema (ts-morph edits them in
 * place), and the body is never touched. ts-morph (and so the TypeScript compiler) is loaded only
 * when an existing handler actually needs an edit.
 */
import type { BundledTool, GeneratedFile } from "../model.js";
import type { ToolNames } from "./names.js";
import { tsString } from "./names.js";

export interface StubResult {
  /** The file to write, when it must be created or changed. */
  file?: GeneratedFile;
  /** Something the user should know (e.g. no default export found, so nothing was updated). */
  warning?: string;
}

/** `import type { ToolContext, ToolInputs } from "../generated/index.js";` */
export function typesImportLine(generatedImport: string): string {
  return `import type { ToolContext, ToolInputs } from ${tsString(generatedImport)};`;
}

function inputTypeText(tool: string): string {
  return `ToolInputs[${tsString(tool)}]`;
}

function docComment(tool: BundledTool): string {
  const description = (tool.description ?? "").trim().replace(/\*\//g, "*\u200b/");
  const lines = [`Handler for the tool ${tsString(tool.name)}.`];
  if (description) lines.push("", ...description.split(/\r?\n/));
  lines.push(
    "",
    "Return a string, an array of text/image blocks, or any JSON value (sent as JSON text);",
    "throw to send the model an error it can act on. Your code here is never overwritten by `toolgen build`.",
    "`_context` (the tool_use id and name, your request context, an AbortSignal) keeps its underscore while unused:",
    "rename it to use it, and type it `ToolContext<MyContext>` to read your own `context`.",
  );
  return `/**\n${lines.map((l) => (l ? ` * ${l}` : " *")).join("\n")}\n */`;
}

export function newStub(tool: BundledTool, names: ToolNames, generatedImport: string): string {
  return (
    `${typesImportLine(generatedImport)}\n\n` +
    `${docComment(tool)}\n` +
    `export default async function handle${names.base}(input: ${inputTypeText(tool.name)}, _context: ToolContext): Promise<unknown> {\n` +
    `  void input; // delete this line once your code reads \`input\` (it keeps \`noUnusedParameters\` quiet meanwhile)\n` +
    `  throw new Error(${tsString(`${tool.name} is not implemented yet: write its handler in this file`)});\n` +
    `}\n`
  );
}

/** True when the file already imports the types from the right place and types its input by tool name. */
function isCurrent(text: string, tool: string, generatedImport: string): boolean {
  return text.includes(typesImportLine(generatedImport)) && text.includes(`: ${inputTypeText(tool)}`);
}

export async function emitStub(
  tool: BundledTool,
  names: ToolNames,
  existing: string | undefined,
  generatedImport: string,
  /** A handler file named after the tool exists: toolgen's file name before names with capitals got `~mask`. */
  legacyFileExists = false,
): Promise<StubResult> {
  const path = `${names.file}.ts`;
  if (existing === undefined) {
    const file: GeneratedFile = { root: "handlers", path, contents: newStub(tool, names, generatedImport), ownership: "user", basedOn: null };
    if (legacyFileExists && names.file !== tool.name) {
      const warning = `${tool.name}.ts was the handler of ${tsString(tool.name)} under toolgen's earlier file names; its handler file is now ${path} (a new stub): move your code there, then delete ${tool.name}.ts`;
      return { file, warning };
    }
    return { file };
  }
  if (isCurrent(existing, tool.name, generatedImport)) return {};
  const { updateStub } = await import("./stub-update.js");
  const updated = updateStub(existing, tool.name, generatedImport);
  if ("warning" in updated) return { warning: `${path}: ${updated.warning}` };
  if (updated.text === existing) return {};
  return { file: { root: "handlers", path, contents: updated.text, ownership: "user", basedOn: existing } };
}
