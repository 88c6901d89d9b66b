/** dist/.built-from, where `npm run build` and the test suite's global setup keep the key below. */
export function builtFromPath(root?: string): string;
/** The sha256 of every file a build of dist/ reads (src/, cli/, templates/, docs/, the build's settings and the lockfile). */
export function buildInputsKey(root?: string): string;
