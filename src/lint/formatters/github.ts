/**
 * GitHub Actions workflow commands: one `::error` / `::warning` annotation per finding
 * (https://docs.github.com/actions/reference/workflow-commands-for-github-actions).
 */
import type { Diagnostic } from "../../model.js";
import { escapeControl } from "./escape.js";
import { fromRoot } from "./locations.js";

/** Escaping of a command's message, as in @actions/core. */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escaping of a command's property values (`file=`, `title=`): also `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Control characters from schemas are made visible first (escape.ts): a `\r` or `\n` in a command is then never theirs. */
export interface GithubOptions {
  /** Where the findings' relative paths start (default: the process's working directory). */
  cwd?: string;
  /**
   * The repository root (locations.ts's repositoryRoot): GitHub resolves `file=` against the checkout,
   * not the step's working directory. Default: `cwd`.
   */
  root?: string;
  /** Findings' locations that are no file (a server's tools): annotated without `file=`, on the run rather than a file. */
  notFiles?: ReadonlySet<string>;
}

export function formatGithub(diagnostics: readonly Diagnostic[], options: GithubOptions = {}): string {
  const cwd = options.cwd ?? process.cwd();
  const root = options.root ?? cwd;
  return diagnostics
    .map((d) => {
      const properties: string[] = [];
      const notFile = options.notFiles?.has(d.file) === true;
      if (!notFile) {
        const where = fromRoot(d.file, cwd, root);
        properties.push(`file=${escapeProperty(escapeControl(where.relative ?? where.absolute))}`);
        if (d.line !== undefined) properties.push(`line=${d.line}`);
        if (d.column !== undefined) properties.push(`col=${d.column}`);
      }
      properties.push(`title=${escapeProperty(`toolgen ${d.rule}`)}`);
      const context = [notFile ? d.file : undefined, d.tool !== undefined ? `tool '${d.tool}'` : undefined, `#${d.pointer}`].filter(Boolean).join(", ");
      return `::${d.severity} ${properties.join(",")}::${escapeData(escapeControl(`${d.message} [${context}]`))}\n`;
    })
    .join("");
}
