/**
 * The Handlebars template registry: one entry template per text rendering, shared partials, helpers
 * registered in one place, strict compilation, and no implicit HTML escaping (`noEscape`): every value
 * that lands in XML goes through the explicit `xml` helper. A user's `--templates DIR` overrides any
 * template or partial by file name (the load stage reads them: load/assets.ts).
 *
 * toolgen's own templates come precompiled (precompiled-templates.ts, written by
 * scripts/templates.mjs): when every template is one of those texts, only Handlebars' run-time loads.
 * Its compiler, and compiling, cost a cold build about 17 ms (bench/RESULTS.md, 2026-11-27). A text
 * that differs (an override) is compiled, with the compiler loaded then.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type Handlebars from "handlebars";
import { UsageError } from "../../errors.js";
import type { LegacyPromptView } from "./legacy-view.js";
import { COMPILE_OPTIONS, PRECOMPILED } from "./precompiled-templates.js";

const require = createRequire(import.meta.url);

export interface TemplateViews {
  "legacy-prompt": LegacyPromptView;
}
export type TemplateName = keyof TemplateViews;
export type Renderer = <N extends TemplateName>(name: N, view: TemplateViews[N]) => string;

/** `&`, `<` and `>` become entities, so schema text can neither close a tag nor open one. */
export function escapeXmlText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A renderer over template sources already read (load/assets.ts): path relative to the templates
 * folder -> text; `partials/*` are partials, the rest entry templates.
 */
export function createRenderer(sources: ReadonlyMap<string, string>): Renderer {
  const precompiled = (file: string, text: string) => {
    const known = PRECOMPILED.get(file);
    return known !== undefined && known.text === text ? known.spec : undefined;
  };
  const allPrecompiled = [...sources].every(([file, text]) => precompiled(file, text) !== undefined);
  const hb = (require(allPrecompiled ? "handlebars/runtime" : "handlebars") as typeof Handlebars).create();
  hb.registerHelper("xml", (value: unknown) => {
    if (typeof value !== "string") throw new Error(`the xml helper needs a string, got ${typeof value}`);
    return escapeXmlText(value);
  });
  const entries = new Map<string, HandlebarsTemplateDelegate>();
  for (const [file, text] of sources) {
    const name = path.posix.basename(file, ".hbs");
    try {
      const spec = precompiled(file, text);
      const template = spec !== undefined ? hb.template(spec) : hb.compile(text, COMPILE_OPTIONS);
      if (file.startsWith("partials/")) hb.registerPartial(name, template);
      else entries.set(name, template);
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
