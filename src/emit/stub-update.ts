/**
 * In-place update of an existing handler with ts-morph: the import of the generated types and the
 * default export's parameter types. Only those nodes are re-printed; every other character of the
 * file (the body above all) is kept as it is.
 *
 * The import may be written any way TypeScript allows, and the types are then named the way the
 * file names them: `import type { ToolInputs as TI }` gives `TI["x"]`, `import type * as G` gives
 * `G.ToolInputs["x"]`. A `this:` parameter is not an input; a rest parameter (`...args`) and the
 * parameters after it are left as written (their type is a tuple the user chose).
 *
 * A type is imported only when the signature names it, and never twice: a `ToolContext` the file
 * already imports from another module (the generated `runtime/dispatch.js`, say) is used as it is.
 */
import { Node, Project, type ImportDeclaration, type ParameterDeclaration, type SourceFile } from "ts-morph";
import { tsString } from "./names.js";

let project: Project | undefined;

export function updateStub(text: string, tool: string, generatedImport: string): { text: string } | { warning: string } {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile(`/handler-${Math.random().toString(36).slice(2)}.ts`, text, { overwrite: true });
  try {
    const params = defaultExportParameters(file);
    if (!params) {
      return { warning: "no default-exported function found, so its signature was not updated (the file is kept as it is)" };
    }
    const positional: ParameterDeclaration[] = [];
    for (const p of params) {
      if (p.isRestParameter()) break;
      if (p.getName() === "this") continue;
      positional.push(p);
    }
    const [input, context] = positional;
    const needed = NAMES.filter((name) => (name === "ToolInputs" ? input : context) !== undefined);
    const local = ensureTypesImport(file, generatedImport, needed);
    const inputType = `${local.ToolInputs}[${tsString(tool)}]`;
    if (input && input.getTypeNode()?.getText() !== inputType) input.setType(inputType);
    // `ToolContext<MyContext>` (the handler's own request context type) is the user's choice: kept.
    const contextType = context?.getTypeNode()?.getText();
    const isToolContext = contextType === local.ToolContext || (contextType !== undefined && contextType.startsWith(`${local.ToolContext}<`));
    if (context && !isToolContext) context.setType(local.ToolContext);
    return { text: file.getFullText() };
  } finally {
    project.removeSourceFile(file);
  }
}

function defaultExportParameters(file: SourceFile): ParameterDeclaration[] | undefined {
  const fn = file.getFunctions().find((f) => f.isDefaultExport());
  if (fn) return fn.getParameters();
  const assignment = file.getExportAssignment((e) => !e.isExportEquals());
  if (!assignment) return undefined;
  let expr: Node | undefined = assignment.getExpression();
  if (Node.isIdentifier(expr)) {
    const decl = expr.getSymbol()?.getDeclarations()[0];
    expr = Node.isVariableDeclaration(decl) ? decl.getInitializer() : Node.isFunctionDeclaration(decl) ? decl : undefined;
  }
  while (expr && (Node.isAsExpression(expr) || Node.isSatisfiesExpression(expr) || Node.isParenthesizedExpression(expr))) {
    expr = expr.getExpression();
  }
  if (expr && (Node.isArrowFunction(expr) || Node.isFunctionExpression(expr) || Node.isFunctionDeclaration(expr))) {
    return expr.getParameters();
  }
  return undefined;
}

const NAMES = ["ToolContext", "ToolInputs"] as const;
type LocalNames = Record<(typeof NAMES)[number], string>;

/** A namespace import used as `G.ToolInputs` / `G.ToolContext` somewhere in the file. */
function namespaceImport(file: SourceFile, d: ImportDeclaration): string | undefined {
  const ns = d.getNamespaceImport()?.getText();
  if (!ns) return undefined;
  const used = file.getDescendants().some((n) => Node.isQualifiedName(n) && n.getLeft().getText() === ns && NAMES.some((k) => k === n.getRight().getText()));
  return used ? ns : undefined;
}

/**
 * Points the file's import of the generated types at `generatedImport` and imports those of `needed`
 * that no import of the file names yet; returns the names the file uses for them. The types import
 * is the one naming `ToolInputs`, else the first naming either type; another import of one of them
 * (from another module) is kept as written.
 */
function ensureTypesImport(file: SourceFile, generatedImport: string, needed: readonly (typeof NAMES)[number][]): LocalNames {
  const imports = file.getImportDeclarations();
  for (const d of imports) {
    const ns = namespaceImport(file, d);
    if (ns === undefined) continue;
    if (d.getModuleSpecifierValue() !== generatedImport) d.setModuleSpecifier(generatedImport);
    return { ToolContext: `${ns}.ToolContext`, ToolInputs: `${ns}.ToolInputs` };
  }
  const names = (d: ImportDeclaration, name: string) => d.getNamedImports().find((n) => n.getName() === name);
  const current = imports.find((d) => names(d, "ToolInputs")) ?? imports.find((d) => NAMES.some((k) => names(d, k)));
  if (current && current.getModuleSpecifierValue() !== generatedImport) current.setModuleSpecifier(generatedImport);
  const local = { ToolContext: "ToolContext", ToolInputs: "ToolInputs" };
  const missing: string[] = [];
  for (const name of NAMES) {
    const spec = (current && names(current, name)) ?? imports.map((d) => names(d, name)).find((n) => n !== undefined);
    if (spec) local[name] = spec.getAliasNode()?.getText() ?? name;
    else if (needed.includes(name)) missing.push(name);
  }
  if (missing.length > 0) {
    if (current) for (const name of missing) current.addNamedImport(name);
    else file.insertImportDeclaration(0, { isTypeOnly: true, namedImports: missing, moduleSpecifier: generatedImport });
  }
  return local;
}
