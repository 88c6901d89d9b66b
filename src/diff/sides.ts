/**
 * The two sides of `toolgen diff`, each loaded and bundled as a build would: the working tree (the
 * config found from the working directory), a folder (a project holding a toolgen config, or a
 * schemas folder), or a git revision. A revision's files are read with `git ls-tree` and one
 * `git cat-file --batch` into memory (load/file-source.ts: no scratch folder; the work tree and the
 * index are never touched) and loaded from there as a folder is, and its own config says where its
 * schemas are, so a moved `schemas` folder is followed. toolgen reads no JavaScript config, so every
 * config a revision may hold is read from memory too.
 * A file is a tools lock (`toolgen import mcp --lock`, tools-lock.ts): a server's tools as they were listed.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { UsageError, UserError } from "../errors.js";
import { describeLoadProblems, describeRefProblems } from "../lint/load-problems.js";
import { diskFiles, exists, memoryFiles, type FileSource } from "../load/file-source.js";
import { bundleTools, loadFolder, type LoadedFolder } from "../load/index.js";
import { importedFolder, type ImportedTool } from "../load/imported.js";
import { readToolsLock } from "./tools-lock.js";
import type { BundledTool } from "../model.js";
import type { ToolsetSpec } from "../toolsets/settings.js";
import type { SentSettings } from "../toolsets/sent.js";
import type { DialectName } from "../schema/dialect.js";

export interface Side {
  /** How reports name it: a folder path, `rev` for a revision, or "working tree". */
  label: string;
  tools: BundledTool[];
  /** The side's config's toolsets (none for a schemas folder): what `--eval-toolset` names. */
  toolsets: readonly ToolsetSpec[];
  /** What its config says a request sends (`outputs`, `deferLoading`; none for a schemas folder): what `--eval-replay` checks against. */
  sent: SentSettings;
}

/**
 * How a side's project config is found and read: the command's config reader (commands/config.ts),
 * given by the command, so that diff/ imports nothing from commands/.
 */
export interface ProjectConfigs {
  /** The config file names a project folder may hold. */
  files: readonly string[];
  /** Whether a config is found from `dir`, upward, in `files` (a revision's, in memory; default the disk). */
  found(dir: string, files?: FileSource): boolean;
  /** The config found from `dir` (upward, in `files`), its flags none: the schemas folder, `$ref` roots, toolsets and default dialect. */
  read(dir: string, files?: FileSource): { schemas: string; refRoots?: readonly string[]; toolsets?: readonly ToolsetSpec[]; defaultDialect?: DialectName } & SentSettings;
}

/** Loads one side: `spec` undefined means the working tree at `cwd`. Throws UsageError for what is neither a folder, a tools lock (`toolgen import mcp --lock`) nor a revision. */
export async function loadSide(spec: string | undefined, cwd: string, configs: ProjectConfigs, which: "base" | "head" = "base"): Promise<Side> {
  const loadProject = (dir: string, rename: Rename | undefined, files: FileSource = diskFiles) => loadProjectWith(configs, dir, cwd, rename, files);
  // An empty side is an unset variable (`toolgen diff "$BASE" HEAD`), not the working directory.
  if (spec !== undefined && spec.trim() === "") throw new UsageError(`the ${which} is empty: give a folder or a git revision (is the variable that should hold it unset?)`);
  if (spec === undefined) return { label: "working tree", ...(await loadProject(cwd, undefined)) };
  const abs = path.resolve(cwd, spec);
  if (diskFiles.stat(abs)?.isDirectory()) {
    const isProject = configs.files.some((f) => exists(diskFiles, path.join(abs, f)));
    return { label: spec, ...(isProject ? await loadProject(abs, undefined) : { tools: await loadSchemas(abs, [abs, cwd], undefined), toolsets: [], sent: {} }) };
  }
  // A file: a tools lock (`toolgen import mcp --lock`), a server's tools as they were listed.
  if (diskFiles.stat(abs)?.isFile()) return listedSide(spec, readToolsLock(abs, path.relative(cwd, abs) || spec));
  const commit = git(cwd, ["rev-parse", "--verify", "--quiet", `${spec}^{commit}`]);
  if (commit === undefined) throw new UsageError(`'${spec}' is neither a folder nor a git revision (from ${cwd})`);
  return { label: spec, ...(await loadRevision(spec, commit.trim(), cwd, configs.found, loadProject)) };
}

function git(cwd: string, args: string[], input?: string): string | undefined {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["pipe", "pipe", "ignore"], maxBuffer: 1 << 30, ...(input === undefined ? {} : { input }) });
  } catch {
    return undefined;
  }
}

/** How a revision's files are shown: a path as `rev:path`, and every such path inside a message. */
interface Rename {
  (abs: string): string;
  text(message: string): string;
}

/** The schemas of the project at `dir` (its config found from there, upward) and its toolsets; paths shown through `rename`. */
async function loadProjectWith(configs: ProjectConfigs, dir: string, cwd: string, rename: Rename | undefined, files: FileSource): Promise<Omit<Side, "label">> {
  const config = configs.read(dir, files);
  const schemas = path.resolve(dir, config.schemas);
  if (!files.stat(schemas)?.isDirectory()) {
    throw new UsageError(`schemas folder not found: ${rename ? rename(schemas) : path.relative(cwd, schemas) || "."}`);
  }
  const sent = { ...(config.outputs !== undefined ? { outputs: config.outputs } : {}), ...(config.deferLoading !== undefined ? { deferLoading: config.deferLoading } : {}), ...(config.searchSynonyms !== undefined ? { searchSynonyms: config.searchSynonyms } : {}) };
  return { tools: await loadSchemas(schemas, config.refRoots ?? [dir], rename, config.defaultDialect, files), toolsets: config.toolsets ?? [], sent };
}

async function loadSchemas(schemas: string, refRoots: readonly string[], rename: Rename | undefined, defaultDialect?: DialectName, files: FileSource = diskFiles): Promise<BundledTool[]> {
  // A side whose config sets `defaultDialect` has its schemas declare it: a change of the default diffs as a change of `$schema`.
  const options = { refRoots, ...(defaultDialect ? { defaultDialect } : {}), ...(files === diskFiles ? {} : { files }) };
  return bundledTools(await loadFolder(schemas, options), rename);
}

/**
 * A side from a folder already loaded: an MCP server's tools (load/imported.ts, each shown as
 * `server:<name>`, listed by the command layer). Its tools must load and bundle, as a folder's must.
 */
export async function loadedSide(label: string, loaded: LoadedFolder): Promise<Side> {
  return { label, tools: await bundledTools(loaded, undefined), toolsets: [], sent: {} };
}

/** A side from listed tools (a tools lock's, or a server's listed now), each shown as `server:<name>`, as a server's are. */
export async function listedSide(label: string, tools: readonly ImportedTool[], defaultDialect?: DialectName): Promise<Side> {
  return loadedSide(label, await importedFolder(tools, "mcp:server", defaultDialect ? { defaultDialect } : {}));
}

/** The folder's tools bundled; a load or `$ref` error stops the diff (exit 2), naming where it is. */
async function bundledTools(loaded: LoadedFolder, rename: Rename | undefined): Promise<BundledTool[]> {
  const bundled = await bundleTools(loaded);
  const problems = [...describeLoadProblems(loaded.problems), ...describeRefProblems(bundled.problems)]
    .filter((d) => d.severity === "error")
    .map((d) => (rename ? { ...d, file: rename(path.resolve(d.file)), message: rename.text(d.message) } : d));
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new UserError(`${first.file}${first.line ? `:${first.line}:${first.column ?? 1}` : ""}: ${first.message}${first.tool ? ` (tool '${first.tool}', #${first.pointer})` : ""}; fix the side's schemas before diffing`, 2, problems);
  }
  if (!rename) return bundled.tools;
  return bundled.tools.map((t) => ({ ...t, source: { ...t.source, displayPath: rename(t.source.absPath) } }));
}

const WANTED = /\.(json|ya?ml)$/i;

/**
 * Where a revision's files are, in memory: a folder under the null device, which is no folder, so no
 * path there is ever on disk. Messages never show it (inRevision names its files `rev:path`).
 */
const REVISION_ROOT = path.join(os.devNull, "toolgen-revision");

/** A revision's files, read into memory (`git cat-file --batch`), loaded there from the working directory's folder. */
async function loadRevision(
  spec: string,
  commit: string,
  cwd: string,
  found: (dir: string, files: FileSource) => boolean,
  loadProject: (dir: string, rename: Rename, files: FileSource) => Promise<Omit<Side, "label">>,
): Promise<Omit<Side, "label">> {
  // One call for both (a line each): every git process is CPU the diff pays.
  const [top, prefix = ""] = (git(cwd, ["rev-parse", "--show-toplevel", "--show-prefix"]) ?? "").split("\n").map((l) => l.trim());
  if (!top) throw new UsageError(`${cwd} is not in a git repository`);
  const listing = git(top, ["ls-tree", "-r", "-z", "--full-tree", commit]) ?? "";
  const entries = listing
    .split("\0")
    .filter((e) => e !== "")
    .map((e) => {
      const tab = e.indexOf("\t");
      const [mode, type, hash] = e.slice(0, tab).split(" ");
      return { mode: mode!, type: type!, hash: hash!, file: e.slice(tab + 1) };
    })
    // The whole repository's files, not only the working directory's: a `$ref` may lead out of it (into a folder refRoots names), as it does in the work tree.
    .filter((e) => e.type === "blob" && e.mode !== "120000" && WANTED.test(e.file) && !e.file.split("/").includes("node_modules"));
  const bodies: [string, Buffer][] = [];
  if (entries.length > 0) {
    const out = execFileSync("git", ["cat-file", "--batch"], { cwd: top, input: entries.map((e) => e.hash).join("\n") + "\n", maxBuffer: 1 << 30 });
    let at = 0;
    for (const e of entries) {
      const nl = out.indexOf(10, at);
      const size = Number(out.subarray(at, nl).toString("latin1").split(" ")[2]);
      bodies.push([e.file, out.subarray(nl + 1, nl + 1 + size)]);
      at = nl + 1 + size + 1;
    }
  }
  // A `.git` marks the revision's top as the repository root: the config search stops there. The
  // working directory's folder is there even when the revision has no file in it.
  const files = memoryFiles(REVISION_ROOT, bodies, [".git", prefix]);
  const dir = path.join(REVISION_ROOT, ...prefix.split("/").filter(Boolean));
  const rename = inRevision(spec, REVISION_ROOT);
  if (!found(dir, files) && !exists(files, path.join(dir, "schemas"))) {
    throw new UsageError(`${spec}: no toolgen config and no schemas folder at ${prefix || "the repository root"}`);
  }
  return await loadProject(dir, rename, files);
}

/**
 * Paths under the revision's in-memory root as the revision's own: `rev:path/inside` (`rev:.` for
 * its top). The loader's messages name files relative to the working directory or absolutely; each
 * such path that leads under the root is shown that way too, so no message names the root.
 */
function inRevision(spec: string, root: string): Rename {
  const inside = (abs: string) => `${spec}:${path.relative(root, abs).split(path.sep).join("/") || "."}`;
  // A path token: no spaces, quotes, parentheses or commas, leading under the root by name.
  const name = path.basename(root).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const token = new RegExp(`[^\\s'"(),]*${name}[^\\s'"(),]*`, "g");
  const text = (message: string) =>
    message.replace(token, (found) => {
      // Relative paths in messages are relative to the process's directory (load/bundle.ts).
      const abs = path.resolve(found);
      return abs === root || abs.startsWith(root + path.sep) ? inside(abs) : found;
    });
  return Object.assign(inside, { text });
}
