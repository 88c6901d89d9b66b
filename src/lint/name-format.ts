/**
 * Name rules: how one is stated (NameFormat), why a name fails one, and the two that toolgen's input
 * format (a tool of the Messages API) sets, which the base rules tool-name-format and
 * property-key-format check and the anthropic target states as its facts (targets/anthropic/facts.ts).
 */

/** A name rule: which characters, how many, and how to explain a failure. */
export interface NameFormat {
  /** The whole rule, as the provider writes it (shown in messages). */
  pattern: RegExp;
  /** One allowed character (anywhere but first, when `first` is set). */
  char: RegExp;
  /** The allowed characters, in words. */
  charText: string;
  /** The first character, when it is more restricted than the rest. */
  first?: { char: RegExp; text: string };
  max: number;
}

/** The tool file format's name rules (a tool of the Anthropic Messages API). */
export const toolFileNames = {
  // Source: https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use ("name ...
  // must match the regex ^[a-zA-Z0-9_-]{1,128}$"), and FORMATS.md section 5. The SDK
  // type (@anthropic-ai/sdk 1.14, resources/messages/messages.d.mts `Tool.name`) only says `string`. Recorded
  // on 2026-11-21, not re-checked.
  toolName: { pattern: /^[a-zA-Z0-9_-]{1,128}$/, char: /^[a-zA-Z0-9_-]$/, charText: "letters, digits, _ and -", max: 128 },
  // Source: API error "tools.N.custom.input_schema.properties: Property keys should match pattern
  // '^[a-zA-Z0-9_.-]{1,64}$'" (FORMATS.md section 2, claude-code #5973, appstore-connect-mcp #2). Recorded on
  // 2026-11-21, not re-checked.
  propertyKey: { pattern: /^[a-zA-Z0-9_.-]{1,64}$/, char: /^[a-zA-Z0-9_.-]$/, charText: "letters, digits, _, . and -", max: 64 },
} as const satisfies Record<"toolName" | "propertyKey", NameFormat>;

/** Why `name` fails `format` (the first bad character, or the length). */
export function whyNameFails(name: string, format: NameFormat): string {
  if (name === "") return "it is empty";
  const chars = [...name];
  if (format.first && !format.first.char.test(chars[0] ?? "")) return `it must start with ${format.first.text}, not ${JSON.stringify(chars[0])}`;
  const bad = chars.find((ch) => !format.char.test(ch));
  if (bad !== undefined) return `${JSON.stringify(bad)} is not allowed (use ${format.charText})`;
  return `it is ${name.length} characters long (at most ${format.max})`;
}

/** Shared by the rules that check names against `^[<chars>]{1,64}$`: explains why a name fails. */
export function whyNameInvalid(name: string, allowedChar: RegExp, allowedText: string, max = 64): string {
  if (name === "") return "it is empty";
  const bad = [...name].find((ch) => !allowedChar.test(ch));
  if (bad !== undefined) return `${JSON.stringify(bad)} is not allowed (use ${allowedText})`;
  return `it is ${name.length} characters long (at most ${max})`;
}
