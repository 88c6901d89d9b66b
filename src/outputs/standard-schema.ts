/** The `standard-schema` output: standard-schema.ts, each tool's schema as a Standard Schema with its JSON Schema (opt-in). */
import { defineOutput } from "./output.js";

/** Opt-in: what agent frameworks take (the AI SDK, the MCP SDK's registerTool, the OpenAI Agents SDK...). Imports no package. */
export default defineOutput({
  id: "standard-schema",
  description: "standard-schema.ts: each tool's schema as a Standard Schema with its JSON Schema (StandardSchemaV1 + StandardJSONSchemaV1), validated by the build-time validators (opt-in)",
  optIn: true,
  needs: ["native", "types", "validators", "runtime"],
  runtime: ["standard-schema.ts", "framework.ts", "validate.ts"],
  emit: async (ctx) => {
    const { emitStandardSchema } = await import("./standard-schema-emit.js");
    const files = await emitStandardSchema(ctx.tools, ctx.names);
    // An output validator with a pattern imports the vendored RE2 engine, which the validators
    // output ships only when an input validator needs it (an output that provides "re2-engine", the mcp output, ships it for its own).
    const needsRe2 = (f: { path: string; contents: string }, from: string) => f.path.endsWith(".ts") && f.contents.includes(`from "${from}runtime/re2.js"`);
    if (files.some((f) => f.path.startsWith("standard-schema/output-validators/") && needsRe2(f, "../../"))) {
      const inputs = await ctx.perTool("validator");
      if (!inputs.some((f) => needsRe2(f, "../")) && ctx.provided("re2-engine").length === 0) {
        const { re2Files } = await import("../emit/validator-files.js");
        files.push(...re2Files(ctx.vendored.re2));
      }
    }
    return files;
  },
});
