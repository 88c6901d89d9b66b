/**
 * The Handlebars template registry: one entry template per text rendering, shared partials, helpers
 * registered in one place, strict compilation, and no implicit HTML escaping (`noEscape`): every value
 * that lands in XML goes through the explicit `xml` helper. A user's `--templates DIR` overrides any
 * template or partial by file name.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import Handlebars from "handlebars";
import { UsageError } from "../errors.js";
import { packageRoot } from "../paths.js";
import type { LegacyPromptView } from "./legacy-view.js";

export interface TemplateViews {
  "legacy-prompt": LegacyPromptView;
}
export type TemplateName = keyof TemplateViews;
export type Renderer = <N extends TemplateName>(name: N, view: TemplateViews[N]) => string;

/** `&`, `<` and `>` become entities, so schema text can neither close a tag nor open one. */
export function escapeXmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function readTemplates(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (sub: string) => {
    const entries = await readdir(path.join(dir, sub), { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(rel);
      else if (e.name.endsWith(".hbs")) found.set(rel, await readFile(path.join(dir, rel), "utf8"));
    }
  };
  await walk("");
  return found;
}

export async function createRenderer(overrideDir?: string): Promise<Renderer> {
  const sources = await readTemplates(path.join(packageRoot(), "templates"));
  if (overrideDir !== undefined) {
    let overrides: Map<string, string>;
    try {
      overrides = await readTemplates(path.resolve(overrideDir));
    } catch {
      throw new UsageError(`templates folder not found: ${overrideDir}`);
    }
    for (const [name, text] of overrides) {
      const known = [...sources.keys()].find((k) => path.posix.basename(k) === path.posix.basename(name));
      if (!known) {
        throw new UsageError(`--templates: '${name}' overrides no built-in template (built-in: ${[...sources.keys()].join(", ")})`);
      }
      sources.set(known, text);
    }
  }
  const hb = Handlebars.create();
  hb.registerHelper("xml", (value: unknown) => {
    if (typeof value !== "string") throw new Error(`the xml helper needs a string, got ${typeof value}`);
    return escapeXmlText(value);
  });
  const entries = new Map<string, HandlebarsTemplateDelegate>();
  for (const [file, text] of sources) {
    const name = path.posix.basename(file, ".hbs");
    try {
      if (file.startsWith("partials/")) hb.registerPartial(name, hb.compile(text, { strict: true, noEscape: true }));
      else entries.set(name, hb.compile(text, { strict: true, noEscape: true }));
    } catch (error) {
      throw new UsageError(`template ${file}: ${(error as Error).message}`);
    }
  }
  return (name, view) => {
    const template = entries.get(name);
    if (!template) throw new Error(`no template named ${name}`);
    try {
      return template(view);
    } catch (error) {
      throw new UsageError(`template ${name}.hbs: ${(error as Error).message}`);
    }
  };
}
