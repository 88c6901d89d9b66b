/**
 * In-place update of an existing handler with ts-morph: the import of the generated types and the
 * default export's parameter types. Only those nodes are re-printed; every other character of the
 * file (the body above all) is kept as it is.
 */
import { Node, Project, type ParameterDeclaration, type SourceFile } from "ts-morph";
import { tsString } from "../names.js";

let project: Project | undefined;

export function updateStub(text: string, tool: string, generatedImport: string): { text: string } | { warning: string } {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile(`/handler-${Math.random().toString(36).slice(2)}.ts`, text, { overwrite: true });
  try {
    const params = defaultExportParameters(file);
    if (!params) {
      return { warning: "no default-exported function found, so its signature was not updated (the file is kept as it is)" };
    }
    ensureTypesImport(file, generatedImport);
    const [input, context] = params;
    const inputType = `ToolInputs[${tsString(tool)}]`;
    if (input && input.getTypeNode()?.getText() !== inputType) input.setType(inputType);
    if (context && context.getTypeNode()?.getText() !== "ToolContext") context.setType("ToolContext");
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

function ensureTypesImport(file: SourceFile, generatedImport: string): void {
  const imports = file.getImportDeclarations();
  const current = imports.find((d) =>
    d.getNamedImports().some((n) => n.getName() === "ToolInputs" || n.getName() === "ToolContext"),
  );
  if (current) {
    if (current.getModuleSpecifierValue() !== generatedImport) current.setModuleSpecifier(generatedImport);
    const have = new Set(current.getNamedImports().map((n) => n.getName()));
    for (const name of ["ToolContext", "ToolInputs"]) if (!have.has(name)) current.addNamedImport(name);
    return;
  }
  file.insertImportDeclaration(0, { isTypeOnly: true, namedImports: ["ToolContext", "ToolInputs"], moduleSpecifier: generatedImport });
}
