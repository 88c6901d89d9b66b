/** The `handlers` output: one handler stub per tool, created once and updated in place, never overwritten. */
import path from "node:path";
import type { GeneratedFile } from "../model.js";
import { defineOutput } from "./output.js";

export default defineOutput({
  id: "handlers",
  description: "<handlers>/<tool>.ts: one handler per tool, created once, then kept in step with its schema",
  needs: ["index"],
  emit: async (ctx) => {
    const { emitStub } = await import("../emit/stubs.js");
    const files: GeneratedFile[] = [];
    for (const tool of ctx.tools) {
      const n = ctx.names.get(tool.name)!;
      const stub = await emitStub(tool, n, ctx.handlers.get(n.file), ctx.generatedImport, ctx.handlers.has(tool.name));
      if (stub.file) files.push(stub.file);
      if (stub.warning) ctx.note(stub.warning);
    }
    const current = new Set(ctx.tools.map((t) => ctx.names.get(t.name)!.file));
    for (const stem of ctx.handlers.keys()) {
      if (current.has(stem)) continue;
      const shown = path.relative(process.cwd(), path.join(ctx.handlersDir, `${stem}.ts`)).split(path.sep).join("/");
      ctx.note(`${shown}: no tool has this handler any more (schema removed or renamed?); it is kept and still compiles (its tool's input type is now a deprecated \`any\`), but nothing calls it: move its code to the new tool's handler if renamed, then delete the file`);
    }
    return files;
  },
});
