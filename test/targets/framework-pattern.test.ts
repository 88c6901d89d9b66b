/**
 * Issue 36 item 5: the framework modules share one pattern. Every framework output (its `framework`
 * set, its calls through runtime/framework.ts) declares its `framework-tools` (module and factory), and its generated module
 * - exports `create<X>Tools(native: Dispatcher, ...)` and `const tools = create<X>Tools(dispatcher)`, the ready
 *   dispatcher imported from index.ts;
 * - runs its calls through runtime/framework.ts's `runFrameworkCall`;
 * - maps a handler's content only through the runtime's one mapper (`frameworkContent`, `frameworkBlocks`,
 *   `frameworkText`, with the module's declared `BlockFormat`) or passes it as it is: it reads no block's
 *   `source` itself (`frameworkValue` reads a tool's value back for a framework that checks it against the
 *   output schema). runtime/framework.ts reads a block's source in one place.
 * The checker is held to a planted module with a mapper of its own too.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { OUTPUTS } from "../../src/catalog.js";
import { providedBy, type FrameworkToolsCapability } from "../../src/emit/capabilities.js";
import type { GeneratedFile } from "../../src/model.js";
import { build } from "../../src/pipeline.js";
import { repoRoot, tempDir } from "../helpers.js";

/** The outputs that give an agent framework its tools (a framework package, runtime/framework.ts's calls); not the MCP server. */
const frameworks = OUTPUTS.filter((o) => o.framework !== undefined && (o.runtime ?? []).includes("framework.ts"));
const MAPPERS = new Set(["frameworkContent", "frameworkBlocks", "frameworkText", "frameworkValue"]);

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** What `text` (a generated framework module) does against the one pattern, for `cap`; empty when it holds. */
function patternProblems(text: string, cap: FrameworkToolsCapability): string[] {
  const file = ts.createSourceFile(`${cap.module}.ts`, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const imports = new Map<string, string>();
  let factory: ts.FunctionDeclaration | undefined;
  let ready: ts.Expression | undefined;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const e of bindings.elements) imports.set(e.name.text, statement.moduleSpecifier.text);
      }
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === cap.factory && isExported(statement)) factory = statement;
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === cap.exportName) ready = d.initializer;
      }
    }
  }
  if (factory === undefined) problems.push(`exports no function ${cap.factory}`);
  else if (factory.parameters[0]?.type?.getText(file) !== "Dispatcher") problems.push(`${cap.factory}'s first parameter is not a Dispatcher`);
  const call = ready !== undefined && ts.isCallExpression(ready) ? ready : undefined;
  if (call === undefined || call.expression.getText(file) !== cap.factory || call.arguments.map((a) => a.getText(file)).join() !== "dispatcher") {
    problems.push(`its ${cap.exportName} is not ${cap.factory}(dispatcher)`);
  }
  if (!/^\.\.?\/index\.js$/.test(imports.get("dispatcher") ?? "")) problems.push("does not import the ready dispatcher from index.ts");
  if (!/runtime\/framework\.js$/.test(imports.get("runFrameworkCall") ?? "")) problems.push("does not run its calls through runtime/framework.ts");
  for (const name of MAPPERS) {
    if (imports.has(name) && !/runtime\/framework\.js$/.test(imports.get(name)!)) problems.push(`imports ${name} from elsewhere than the runtime`);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) || ts.isBindingElement(node)) {
      const name = ts.isPropertyAccessExpression(node) ? node.name.text : (node.propertyName ?? node.name).getText(file);
      if (name === "source" || name === "media_type") problems.push(`reads a block's ${name} itself (a mapper of its own): ${node.getText(file)}`);
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === "content" && node.expression.getText(file) === "outcome") {
      const parent = node.parent;
      const mapped = ts.isCallExpression(parent) && MAPPERS.has(parent.expression.getText(file));
      // Returned as it is (from either branch of a conditional), or with a default.
      let outer: ts.Node = parent;
      while (ts.isConditionalExpression(outer) && outer.condition !== node) outer = outer.parent;
      const asIs = ts.isReturnStatement(outer) || (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken);
      if (!mapped && !asIs) problems.push(`maps a handler's content outside the runtime's mapper: ${parent.getText(file)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return problems;
}

let files: GeneratedFile[] = [];

beforeAll(async () => {
  const dir = await tempDir();
  const schemas = path.join(dir, "schemas");
  await mkdir(schemas);
  const tool = {
    name: "get_weather",
    description: "Gets the weather for a city. Use it when the user asks about the weather. It returns the forecast.",
    input_schema: { type: "object", properties: { city: { type: "string", description: "The city's name." } }, required: ["city"] },
  };
  await writeFile(path.join(schemas, "get_weather.json"), JSON.stringify(tool));
  const needed = new Set(frameworks.flatMap((o) => [...(o.needs ?? []), o.id]));
  const outputs = ["native", "types", "validators", "handlers", "runtime", "index", ...OUTPUTS.map((o) => o.id).filter((id) => needed.has(id))];
  ({ files } = await build({ schemas, out: path.join(dir, "generated"), handlers: path.join(dir, "handlers"), cache: false, lint: false, outputs: [...new Set(outputs)] }));
}, 60_000);

describe("the framework modules' one pattern", () => {
  it("every framework output declares its framework tools, once", () => {
    expect(frameworks.length).toBeGreaterThanOrEqual(7);
    expect(frameworks.filter((o) => providedBy([o], "framework-tools").length !== 1).map((o) => o.id)).toEqual([]);
  });

  it("each generated module exports create<X>Tools(dispatcher) and its ready tools, and maps content only through the runtime", () => {
    const problems: string[] = [];
    for (const cap of providedBy(frameworks, "framework-tools")) {
      const file = files.find((f) => f.path === `${cap.module}.ts`);
      if (file === undefined) problems.push(`${cap.module}.ts was not written`);
      else problems.push(...patternProblems(file.contents, cap).map((p) => `${cap.module}.ts: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("the runtime reads a block's source in one place: its one mapper", () => {
    const runtime = readFileSync(path.join(repoRoot, "src", "runtime", "framework.ts"), "utf8");
    expect(runtime.match(/\.source\.media_type/g)).toHaveLength(1);
  });

  it("finds a module that maps content itself, or misses the factory or the ready tools", () => {
    const planted = [
      `import { dispatcher } from "./index.js";`,
      `import type { Dispatcher, ToolResultContent } from "./runtime/dispatch.js";`,
      `import { runFrameworkCall } from "./runtime/framework.js";`,
      `function toOutput(content: ToolResultContent) {`,
      `  return typeof content === "string" ? content : content.map((b) => (b.type === "text" ? b.text : b.source.data));`,
      `}`,
      `export function makeTools(native: Dispatcher) {`,
      `  return [async () => { const outcome = await runFrameworkCall(native, { toolName: "t", input: {} }); return outcome.ok ? toOutput(outcome.content!) : ""; }];`,
      `}`,
      `export const tools = makeTools(dispatcher);`,
    ].join("\n");
    expect(patternProblems(planted, { kind: "framework-tools", module: "toy", factory: "createToyTools", exportName: "tools" })).toEqual([
      "exports no function createToyTools",
      "its tools is not createToyTools(dispatcher)",
      "reads a block's source itself (a mapper of its own): b.source",
      "maps a handler's content outside the runtime's mapper: outcome.content!",
    ]);
  });
});
