// How far build's flags travel (issue 22): from cli/build.ts, follows imports (value and type) along
// the names that carry the flags, the options or the settings, and prints the files visited and
// whether each step stays in its layer, descends, or climbs back up (the layers of scripts/layers.mjs,
// which the import test holds; files moved since are given their layer under their old name).
// Usage: node scripts/flag-path.mjs [repo root]
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { LAYERS, layerOf } from "./layers.mjs";
const ROOT = process.argv[2] ?? ".";
const CARRIERS = /^(FEATURES|Feature|defineFeature|provided|Capability|BuildFlags|runBuild|loadConfig|Config|ToolgenConfig|LoadedConfig|BuildOptions|OwnBuildOptions|ResolvedBuildOptions|resolveOptions|build|SETTINGS|Setting|SettingValues|defineSetting|parseSettings|settingValues|composeRules|parseTargets|RuleSetting|OutputContext|TARGETS|TARGET_IDS|cachedBuild|warmUp|Target|defineTarget|OUTPUTS|Output|openaiStrict|geminiSchemaField|cacheTools|booleanSetting|default)$/;
// Files moved since issue 22, given their layer under their old name (so the counts compare).
const OLD = { "config.ts": "commands", "build-options.ts": "pipeline", "cache.ts": "pipeline", "disk-memo.ts": "pipeline", "write.ts": "pipeline", "timings.ts": "pipeline", "std-output.ts": "pipeline", "report.ts": "pipeline", "report-file.ts": "pipeline", "report-failure.ts": "pipeline", "watch.ts": "commands", "watch-commands.ts": "commands", "hash.ts": "emit", "hash-memo.ts": "emit", "names.ts": "emit", "paths.ts": "load", "stats.ts": "lint", "json-size.ts": "lint", "tool-definition.ts": "load", "model.ts": "model and errors", "errors.ts": "model and errors", "index.ts": "commands", "pipeline.ts": "pipeline", "catalog.ts": "catalog", "setting.ts": "model and errors" };
// The layers of scripts/layers.mjs (the import test's), bottom first, with the bin's cli/ over them all.
const ORDER = [...LAYERS.map(([name]) => name).reverse(), "cli"];
function layer(f) {
  if (f.startsWith("cli/")) return "cli";
  const s = f.replace(/^src\//, "");
  if (OLD[s]) return OLD[s];
  const rank = layerOf(s);
  return rank === undefined ? "??" + s : LAYERS[rank][0];
}
function imports(file) {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out = [];
  const visit = (n) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && n.moduleSpecifier.text.startsWith(".")) {
      const names = [];
      if (ts.isImportDeclaration(n) && n.importClause?.name && /targets\/[^/]+\/index/.test(n.moduleSpecifier.text)) names.push("default");
      const b = ts.isImportDeclaration(n) ? n.importClause?.namedBindings : n.exportClause;
      if (b && (ts.isNamedImports(b) || ts.isNamedExports(b))) for (const e of b.elements) names.push((e.propertyName ?? e.name).text);
      out.push({ target: path.posix.normalize(path.posix.join(path.posix.dirname(file), n.moduleSpecifier.text)).replace(/\.js$/, ".ts"), names });
    }
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(n.arguments[0])) {
      // import("x") destructured: const { a, b } = await import(...)
      let p = n.parent; while (p && !ts.isVariableDeclaration(p) && !ts.isSourceFile(p)) p = p.parent;
      const names = [];
      if (p && ts.isVariableDeclaration(p) && ts.isObjectBindingPattern(p.name)) for (const e of p.name.elements) names.push((e.propertyName ?? e.name).getText());
      else names.push(...text.slice(n.end, n.end + 60).match(/\)\)?\.(\w+)/)?.slice(1) ?? []);
      out.push({ target: path.posix.normalize(path.posix.join(path.posix.dirname(file), n.arguments[0].text)).replace(/\.js$/, ".ts"), names });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.filter((e) => existsSync(path.join(ROOT, e.target)));
}
const seen = new Set(); const queue = ["cli/build.ts"]; const counts = { stay: 0, down: 0, climb: 0 }; const climbs = [];
while (queue.length) {
  const f = queue.shift(); if (seen.has(f)) continue; seen.add(f);
  for (const e of imports(f)) {
    if (!e.names.some((n) => CARRIERS.test(n))) continue;
    const a = ORDER.indexOf(layer(f)), b = ORDER.indexOf(layer(e.target));
    if (a === b) counts.stay++; else if (a > b) counts.down++; else { counts.climb++; climbs.push(`${f} -> ${e.target}`); }
    queue.push(e.target);
  }
}
console.log([...seen].join("\n"));
// A target's own folder is reached by design: the catalogue imports each target's index (its one
// line), and a target setting is declared beside the output that reads it. Counted apart.
const inTargets = [...seen].filter((f) => /^src\/targets\/[^/]+\//.test(f)).length;
console.log(`files visited: ${seen.size} (${seen.size - inTargets} outside the target folders, ${inTargets} in them); edges: ${counts.stay} stay, ${counts.down} descend, ${counts.climb} climb`);
if (climbs.length) console.log("climbs:\n  " + climbs.join("\n  "));
