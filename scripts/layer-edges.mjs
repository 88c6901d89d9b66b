// The import edges of src/ against the layer order (scripts/layers.mjs, which the import test holds too; issue 36):
// every import (value, type-only and import() alike) whose target is in another layer, marked
// "down" or "UP", and the counts. An upward edge is what the import test fails on.
// Usage: node scripts/layer-edges.mjs [repo root] [--all]   (--all prints the downward edges too)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { LAYERS, layerOf } from "./layers.mjs";

const ROOT = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".";
const ALL = process.argv.includes("--all");
const rank = (f) => layerOf(f) ?? -1;
const src = path.join(ROOT, "src");
const files = readdirSync(src, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/")).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")).sort();
const counts = { same: 0, down: 0, up: 0, unplaced: 0 };
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(path.join(src, file), "utf8"), ts.ScriptTarget.ES2022, true);
  const targets = [];
  const visit = (n) => {
    const spec = (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)
      ? n.moduleSpecifier.text
      : ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]) ? n.arguments[0].text : undefined;
    if (spec?.startsWith(".")) targets.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, ".ts"));
    ts.forEachChild(n, visit);
  };
  visit(sf);
  for (const target of targets) {
    const [a, b] = [rank(file), rank(target)];
    if (a < 0 || b < 0) {
      counts.unplaced++;
      console.log(`?    ${file} -> ${target} (no layer)`);
    } else if (a === b) counts.same++;
    else if (b > a) {
      counts.down++;
      if (ALL) console.log(`down ${file} (${LAYERS[a][0]}) -> ${target} (${LAYERS[b][0]})`);
    } else {
      counts.up++;
      console.log(`UP   ${file} (${LAYERS[a][0]}) -> ${target} (${LAYERS[b][0]})`);
    }
  }
}
console.log(`${files.length} modules; import edges: ${counts.same} within a layer, ${counts.down} down, ${counts.up} up, ${counts.unplaced} with no layer`);
process.exitCode = counts.up > 0 || counts.unplaced > 0 ? 1 : 0;
