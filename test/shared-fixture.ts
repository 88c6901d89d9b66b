/**
 * Fixtures made once per `vitest run` and shared by the test files that ask for the same one (a
 * generated folder compiled with tsc, say), for tests that only read them. The first file to ask
 * makes it under a lock in the run's shared folder (test/global-setup.ts provides it, under
 * test/__out__/ so that what is built there resolves the repo's node_modules, and removes it after
 * the run); the others wait for its `ready.json`, which holds what the maker returned.
 */
import { existsSync } from "node:fs";
import { mkdir, open, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";

/** How long a file waits for another to finish making a fixture (the hooks' timeout is 180 s). */
const WAIT_MS = 170_000;

/** The fixture `name` (a folder name) of this run: made by `make(dir)` in an empty folder by the first file to ask; what `make` returns must be JSON. */
export async function sharedFixture<T>(name: string, make: (dir: string) => Promise<T>): Promise<{ dir: string; made: T }> {
  const dir = path.join(inject("sharedFolder"), name);
  const ready = path.join(dir, "ready.json");
  await mkdir(path.dirname(dir), { recursive: true });
  let lock;
  try {
    lock = await open(`${dir}.lock`, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    for (let waited = 0; !existsSync(ready); waited += 100) {
      if (waited > WAIT_MS) throw new Error(`the shared fixture ${dir} was not ready after ${WAIT_MS / 1000} s (did the file making it fail?)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { dir, made: JSON.parse(await readFile(ready, "utf8")) as T };
  }
  try {
    await mkdir(dir);
    const made = await make(dir);
    await writeFile(`${ready}.tmp`, JSON.stringify(made));
    await rename(`${ready}.tmp`, ready);
    return { dir, made };
  } finally {
    await lock.close();
  }
}
