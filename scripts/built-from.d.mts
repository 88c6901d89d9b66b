/** dist/.built-from, where `npm run build` and the test suite's global setup keep the key below. */
export function builtFromPath(root?: string): string;
/** The sha256 of every file a build of dist/ reads (src/, cli/, templates/, docs/, the build's settings and the lockfile). */
export function buildInputsKey(root?: string): string;
/** The TypeScript files of src/ and cli/ (declaration files aside) whose JavaScript is not in dist/. */
export function missingEmit(root?: string): string[];
/** Whether dist/ is a build of the sources as they are (the key matches, the bin and every source file's JavaScript are there). */
export function builtFromCurrent(root?: string): boolean;
