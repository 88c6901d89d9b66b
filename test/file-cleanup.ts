/**
 * What a test file leaves behind, removed when that file ends. vitest runs the files of a worker in
 * one module graph (`isolate: false` in vitest.config.ts), so a helper module is evaluated once per
 * worker, not once per file: an `afterAll` at its top level would be registered for the first file
 * only. test/setup-file.ts, which vitest runs before every file, registers removeFileLeftovers as
 * each file's last hook instead.
 */
import { rm } from "node:fs/promises";

const folders: string[] = [];
const resets: (() => void)[] = [];

/** Removes `dir` (recursively) when the current test file ends. */
export function removeAfterFile(dir: string): void {
  folders.push(dir);
}

/** Runs `reset` when the current test file ends (a helper's cache of something removed then, say). */
export function resetAfterFile(reset: () => void): void {
  resets.push(reset);
}

/** Removes the current file's folders and runs its resets. */
export async function removeFileLeftovers(): Promise<void> {
  for (const reset of resets.splice(0)) reset();
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
