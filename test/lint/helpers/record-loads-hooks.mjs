// Module-resolution hook (runs on the loader thread): logs each resolved ESM URL to TOOLGEN_LOAD_LOG.
import { appendFileSync } from "node:fs";

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  appendFileSync(process.env.TOOLGEN_LOAD_LOG, `esm ${result.url}\n`);
  return result;
}
