// The layer order of src/, written once: test/architecture/imports.test.ts holds the imports to it,
// scripts/layer-edges.mjs prints the edges against it (issue 36).
/**
 * Every module's layer, by its path in src/ (a folder, or a file at the root). Lower layers know
 * nothing of higher ones. A module may import its own layer or any below it.
 */
export const LAYERS = [
  // The library API and the commands: options in, report out.
  ["commands", ["index.ts", "commands/"]],
  // `toolgen diff`'s engine, rules, witnesses, sides and lock file: given the config reader by its command.
  ["diff", ["diff/"]],
  // The build's stages in order, its options and cache, and what reports to the terminal.
  ["pipeline", ["pipeline.ts", "build/", "report/"]],
  // The writer (write.ts) and what it and the build stage both need: where files go, what is on disk, a watch's memory.
  ["write", ["write.ts", "write/"]],
  // The one list of base rules, neutral outputs, targets and features.
  ["catalog", ["catalog.ts"]],
  // What cuts across targets (src/features/<id>/: toolsets, search, deferral): settings, rules, outputs, each in its folder.
  ["features", ["features/"]],
  // What each provider means, and the neutral outputs; the emit stage runs the outputs a build chose.
  ["targets and outputs", ["targets/", "outputs/"]],
  // What the toolsets and deferral features share with the targets, diff and eval: settings, resolving, caps, the modules' code.
  ["toolsets", ["toolsets/"]],
  // What the search feature shares with diff and eval: the index, the generated module's text, the eval.
  ["search", ["search/"]],
  // The lint engine, its base rules and formatters.
  ["lint", ["lint/"]],
  // Code generation shared by the outputs (types, validators, literals, names, hashes, what outputs provide).
  ["emit", ["emit/"]],
  // A folder of schemas -> tools, with typed problems.
  ["load", ["load/"]],
  // What a JSON Schema means; what generated code imports at run time.
  ["schema and runtime", ["schema/", "runtime/"]],
  // The types passed between stages, the errors every layer may throw, and what a setting is.
  ["model and errors", ["model.ts", "errors.ts", "setting.ts"]],
];


/** The rank of a module's layer (0 is the top), or undefined when no layer claims it. */
export function layerOf(file) {
  const rank = LAYERS.findIndex(([, paths]) => paths.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p)));
  return rank === -1 ? undefined : rank;
}
