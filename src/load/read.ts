import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SourceFile, SourceFormat } from "../model.js";

const EXTENSIONS: Record<string, SourceFormat> = { ".json": "json", ".yaml": "yaml", ".yml": "yaml" };

export function formatOf(file: string): SourceFormat | undefined {
  return EXTENSIONS[path.extname(file).toLowerCase()];
}

/** Every schema file under `root`, recursively, sorted by path (code-unit order, `/` separators). */
export async function discoverFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && formatOf(entry.name)) found.push(full);
    }
  }
  await walk(root);
  const keyed = found.map((full) => ({ full, key: path.relative(root, full).split(path.sep).join("/") }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.full);
}

export function displayPathOf(absPath: string, cwd: string = process.cwd()): string {
  const rel = path.relative(cwd, absPath);
  return (rel.startsWith("..") || path.isAbsolute(rel) ? absPath : rel).split(path.sep).join("/");
}

/**
 * Reads many files at once. Synchronous reads: for thousands of small files they cost a third of
 * what the thread pool's round trips do, and a CLI has nothing else to do meanwhile.
 */
export async function readSources(absPaths: readonly string[], cwd?: string): Promise<SourceFile[]> {
  const texts = absPaths.map((p) => readFileSync(p, "utf8"));
  return Promise.all(absPaths.map((p, i) => parseSource(p, texts[i]!, formatOf(p) ?? "json", cwd)));
}

/** Reads and parses one file. Parse failures are recorded on the result, never thrown. */
export async function readSource(absPath: string, cwd?: string): Promise<SourceFile> {
  const format = formatOf(absPath) ?? "json";
  const text = await readFile(absPath, "utf8");
  return parseSource(absPath, text, format, cwd);
}

export async function parseSource(
  absPath: string,
  text: string,
  format: SourceFormat,
  cwd?: string,
): Promise<SourceFile> {
  const file: SourceFile = { absPath, displayPath: displayPathOf(absPath, cwd), format, text };
  if (format === "json") {
    try {
      file.data = JSON.parse(stripBom(text));
    } catch (error) {
      file.parseError = await jsonErrorPosition(text, error);
    }
  } else {
    const { parseYaml } = await import("./yaml.js");
    const result = parseYaml(text);
    if ("error" in result) file.parseError = result.error;
    else file.data = result.data;
  }
  return file;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Line and column of a JSON syntax error, found with a parser that keeps offsets. */
async function jsonErrorPosition(
  text: string,
  error: unknown,
): Promise<{ message: string; line: number; column: number }> {
  const { locateJsonSyntaxError } = await import("./positions.js");
  const located = locateJsonSyntaxError(text);
  const fallback = error instanceof Error ? error.message : String(error);
  return located ?? { message: fallback, line: 1, column: 1 };
}
