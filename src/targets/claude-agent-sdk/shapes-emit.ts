/**
 * `claude-agent-sdk/shapes.ts`: each tool's input schema as the Zod raw shape the Claude Agent SDK's
 * `tool()` takes (zod-source.ts writes each), in a module that imports `zod` alone. A tool without an
 * exact shape is left out, with its problem returned for the build's note.
 */
import type { BundledTool } from "../../model.js";
import { GENERATED_HEADER } from "../../emit/literal.js";
import { layoutExpression } from "../../emit/expression-layout.js";
import { tsString } from "../../emit/names.js";
import { shapeLiteral, zodShape, type ZodProblem } from "./zod-source.js";

export interface ShapesModule {
  contents: string;
  /** The tools with a shape, in tool order. */
  shaped: BundledTool[];
  /** The others, each with why. */
  left: Array<{ tool: BundledTool; problem: ZodProblem }>;
}

/** The module text, and which tools it has. */
export function shapesModule(tools: readonly BundledTool[]): ShapesModule {
  const shaped: BundledTool[] = [];
  const left: ShapesModule["left"] = [];
  const entries: string[] = [];
  for (const tool of tools) {
    const result = zodShape(tool.bundledSchema);
    if (!result.ok) {
      left.push({ tool, problem: result.problem });
      continue;
    }
    shaped.push(tool);
    const shape = shapeLiteral(result.fields);
    const key = tool.name === "__proto__" ? `["__proto__"]` : tsString(tool.name);
    // Each laid out within 120 columns: one field per line where the shape does not fit on one.
    entries.push(
      result.defs.length === 0
        ? `  ${key}: ${layoutExpression(shape, key.length + 4, "  ", ",")}`
        : [
            `  ${key}: (() => {`,
            ...result.defs.map(([id, code]) => `    const ${id} = ${layoutExpression(code, id.length + 13, "    ", ";")}`),
            `    return ${layoutExpression(shape, 11, "    ", ";")}`,
            `  })(),`,
          ].join("\n"),
    );
  }
  const contents = [
    `// ${GENERATED_HEADER}`,
    `// The Zod raw shapes (Zod 4) of the tools' input schemas, as the Claude Agent SDK's tool() takes them.`,
    `// z.toJSONSchema(z.object(shape)) gives each tool's input schema back (docs/claude-agent-sdk.md lists the`,
    `// normalisation). A tool whose schema Zod cannot say exactly is not here (the build notes it).`,
    `import { z } from "zod";`,
    ``,
    `export const zodShapes = {`,
    ...entries,
    `};`,
    ``,
    `/** The tools that have a shape. */`,
    `export type ShapedToolName = keyof typeof zodShapes;`,
    ``,
  ].join("\n");
  return { contents, shaped, left };
}
