/** What the load stage read, and what a build returns: the data the pipeline and its cache pass. */
import type { BuildAssets } from "../load/assets.js";
import type { LoadedFolder } from "../load/index.js";
import type { Diagnostic, GeneratedFile } from "../model.js";

/** What the load stage read. */
export interface BuildInput {
  loaded: LoadedFolder;
  assets: BuildAssets;
  /** Text of every handler file (`*.ts`) in the handlers folder, by file stem. */
  handlers: ReadonlyMap<string, string>;
}

export interface BuildResult {
  /** Everything the build produced (empty when it found nothing changed). */
  files: GeneratedFile[];
  written: string[];
  removed: string[];
  /** Lint warnings, for the user to read. */
  diagnostics: Diagnostic[];
  /** Other things worth saying: orphaned handlers, handlers that could not be updated. */
  notes: string[];
  tools: number;
  /** True when the inputs were unchanged since the last build and nothing was done. */
  upToDate: boolean;
  /** Handler updates not made because the file changed while the build ran (the next build redoes them). */
  skipped: string[];
}
