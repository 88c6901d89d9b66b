/** test/INDEX.md's markdown (each module of src/ with the tests that cover it), and the modules with none. */
export function testIndex(): { markdown: string; orphans: string[] };
