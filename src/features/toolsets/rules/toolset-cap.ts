/**
 * Lint rule `toolset-cap` (docs/rules/toolset-cap.md): each toolset, and the whole folder, against the
 * tool caps of the targets the run checks (their `profile.maxTools`: OpenAI 128, Gemini 512) and of the
 * clients the config names (src/toolsets/facts.ts). One rule, one behaviour, in `toolgen lint` and in a
 * build: a toolset over a cap is an error, the whole folder over one a warning. Reported on the config
 * file, so `toolgen lint <files>` (a part of the folder) does not report it.
 */
import { defineRule } from "../../../lint/rule.js";
import { capDiagnostics, TOOLSET_CAP_RULE } from "../../../toolsets/check.js";
import type { ClientId } from "../../../toolsets/facts.js";
import { resolveToolsets } from "../../../toolsets/resolve.js";
import type { ToolsetSpec } from "../../../toolsets/settings.js";

export default defineRule({
  meta: {
    id: TOOLSET_CAP_RULE,
    defaultSeverity: "error",
    description: "A toolset has more tools than a target's or a client's cap; the whole folder over one is a warning.",
    messages: {
      toolset: "the toolset '{{name}}' has {{count}} tools, over {{cap}}'s cap of {{max}} (source: {{source}}); split it",
      folder: "the folder has {{count}} tools, over {{cap}}'s cap of {{max}} (source: {{source}}); send a toolset",
    },
  },
  check(ctx) {
    const run = ctx.run;
    if (run === undefined) return;
    const specs = (run.settings["toolsets"] ?? []) as readonly ToolsetSpec[];
    const tools = ctx.renderedTools.flatMap((t) => (t.name === undefined ? [] : [{ name: t.name, tags: tagsOf(t.data) }]));
    const found = capDiagnostics({
      toolsets: resolveToolsets(specs, tools),
      total: tools.length,
      targets: run.caps.map(({ title, max, source }) => ({ title, maxTools: { max, source } })),
      clients: (run.settings["clients"] ?? []) as readonly ClientId[],
      where: specs[0]?.where ?? run.configFile,
    });
    for (const diagnostic of found) ctx.forward(diagnostic);
  },
});

function tagsOf(data: Record<string, unknown>): string[] {
  const tags = data["tags"];
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
}
