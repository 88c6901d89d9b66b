/** Lint rule `ref-resolvable` (docs/rules/ref-resolvable.md): a `$ref` cannot be resolved. */
import { defineRule } from "../rule.js";

/**
 * Bundling (which makes every tool self-contained, as the API requires) resolves every `$ref`;
 * the ones it cannot resolve come back as diagnostics at the `$ref`, which this rule reports.
 */
export default defineRule({
  meta: {
    id: "ref-resolvable",
    defaultSeverity: "error",
    description: "A `$ref` cannot be resolved.",
    messages: {},
    blocksBuild: true,
  },
  check(ctx) {
    for (const diagnostic of ctx.loaderDiagnostics) ctx.forward(diagnostic);
  },
});
