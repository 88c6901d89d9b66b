import { defineRule, type ToolDocument } from "../rule.js";
import { childPointer, isObjectSchema, resolveLocal, walkSchema, type SchemaObject } from "../schema-walk.js";

interface Depth {
  /** Object schemas on the path so far, this one included once visited. */
  depth: number;
  /** Once a `$ref` has been followed, findings are reported at that `$ref` (in the tool's file). */
  via?: string;
  /** References followed on this path (a recursive schema is not infinitely deep). */
  refs: readonly string[];
}

export default defineRule({
  meta: {
    id: "schema-max-depth",
    defaultSeverity: "warning",
    description: "Objects are nested deeper than the seeds advise (3 levels, counting input_schema, by default).",
    messages: {
      deep: "object nested {{depth}} levels deep (at most {{max}}, counting input_schema as 1): flatten the input schema, deeply nested objects are harder for the model to fill in",
      deepVia: "this $ref leads to an object nested {{depth}} levels deep (at most {{max}}, counting input_schema as 1): flatten the input schema, deeply nested objects are harder for the model to fill in",
    },
    options: {
      max: { description: "the most levels of nested objects, input_schema being level 1", default: 3, minimum: 1 },
    },
  },
  check(ctx) {
    const max = ctx.options.max;
    for (const tool of ctx.tools) {
      if (!tool.inputSchema) continue;
      const reported = new Set<string>();
      const report = (pointer: string, depth: number, via: boolean) => {
        if (reported.has(pointer)) return;
        reported.add(pointer);
        ctx.report({ tool, pointer, messageId: via ? "deepVia" : "deep", data: { depth, max } });
      };
      measure(tool, max, report);
    }
  },
});

/** Walks the schema the API sees (references followed), counting object schemas along each path. */
function measure(tool: ToolDocument, max: number, report: (pointer: string, depth: number, via: boolean) => void): void {
  const root: unknown = tool.bundledSchema ?? tool.inputSchema;
  const visit = (node: SchemaObject, at: string, state: Depth): Depth | false => {
    const depth = state.depth + (isObjectSchema(node) ? 1 : 0);
    if (depth > max) {
      report(state.via ?? at, depth, state.via !== undefined);
      return false;
    }
    const ref = node.$ref;
    if (typeof ref === "string" && !state.refs.includes(ref)) {
      const target = resolveLocal(root, ref);
      const via = state.via ?? childPointer(at, "$ref");
      walkSchema(target, via, { depth, via, refs: [...state.refs, ref] }, visit, { definitions: false });
    }
    return { depth, refs: state.refs, via: state.via };
  };
  walkSchema(root, "/input_schema", { depth: 0, refs: [] }, visit, { definitions: false });
}
