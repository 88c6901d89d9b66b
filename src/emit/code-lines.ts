/**
 * Writing generated TypeScript that stays within 120 columns: JSON data as text parsed at load time
 * (jsonParseStatement), import lists, members, and long doc-comment lines wrapped at spaces.
 */

export const MAX_LINE = 120;

/**
 * Wraps the lines of `/** ... *\/` doc comments in `code` that run past column 120, at spaces. A
 * single word longer than the line (a URL, say) is left whole.
 */
export function wrapDocComments(code: string): string {
  return code
    .split("\n")
    .flatMap((line) => {
      const m = /^(\s*\* )(.*)$/.exec(line);
      if (line.length <= MAX_LINE || m === null) return [line];
      const [, lead = "", text = ""] = m;
      const out: string[] = [];
      let current = "";
      for (const word of text.split(" ")) {
        if (current !== "" && lead.length + current.length + 1 + word.length > MAX_LINE) {
          out.push(lead + current);
          current = word;
        } else current = current === "" ? word : `${current} ${word}`;
      }
      out.push(lead + current);
      return out;
    })
    .join("\n");
}

/** `import type { A } from "x";` (or `export`), with the names on their own lines when it runs past 120. */
export function importList(keyword: string, items: readonly string[], from: string): string[] {
  const one = `${keyword} { ${items.join(", ")} } from ${JSON.stringify(from)};`;
  if (one.length <= MAX_LINE) return [one];
  return [`${keyword} {`, ...items.map((i) => `  ${i},`), `} from ${JSON.stringify(from)};`];
}

/**
 * An object or interface member `key: value` + `end` at two spaces' indent, on one line when it fits,
 * else with the value on the next line; a value that is a call `f(arg)` may also put `arg` on a line
 * of its own.
 */
export function member(key: string, value: string, end: string, call?: { head: string; arg: string }): string {
  const candidates = [`  ${key}: ${value}${end}`, `  ${key}:\n    ${value}${end}`];
  if (call !== undefined) {
    candidates.push(`  ${key}: ${call.head}(\n    ${call.arg},\n  )${end}`);
    candidates.push(`  ${key}:\n    ${call.head}(\n      ${call.arg},\n    )${end}`);
  }
  const fits = (text: string): boolean => text.split("\n").every((l) => l.length <= MAX_LINE);
  return candidates.find(fits) ?? candidates[candidates.length - 1]!;
}

/**
 * `head` + `JSON.parse(\`...\`)` + `end`: JSON data that the type-checker reads as one string. Large
 * generated data (the `tools` array, the legacy conversions) is written this way because TypeScript
 * infers a type for every node of an object or array literal (and reduces the union of an array's
 * element types), which at thousands of tools costs more than type-checking everything else; a
 * string costs next to nothing, and `JSON.parse` builds the same values (a `__proto__` key included,
 * as an own property). The JSON is indented for reading; a line that would run past column 120 is
 * continued with `\` at the line's end, which a template literal drops (continuation lines therefore
 * start at column 0: spaces there would be part of the data).
 */
export function jsonParseStatement(head: string, value: unknown, end: string): string {
  const open = `${head}JSON.parse(\``;
  const close = `\`)${end}`;
  const lines = (JSON.stringify(value, null, 2) ?? "null").split("\n");
  return lines.flatMap((line, i) => dataLine(line, i === 0 ? open : "", i === lines.length - 1 ? close : "")).join("\n");
}

/** One line of JSON text as template-literal source within 120 columns (`prefix`/`suffix`: the statement's ends). */
function dataLine(line: string, prefix: string, suffix: string): string[] {
  // Most lines fit as they are: only a long one is split into code points and continued.
  const escaped = line.replace(/[\\`$]/g, "\\$&").replace(/\r/g, "\\r");
  if (prefix.length + escaped.length + suffix.length <= MAX_LINE) return [`${prefix}${escaped}${suffix}`];
  return continued(prefix, templateUnits(line), suffix);
}

/**
 * The text `jsonParseStatement(head, array, end)` gives, made from each element's JSON as
 * `JSON.stringify(array, null, 2)` holds it (`JSON.stringify(element, null, 2)` with its lines after the
 * first indented by two spaces). Each element's share (`jsonElementLines`) depends on that element
 * alone and on whether it is the last: a caller may memoise it per element (`lines`), so a rebuild
 * that changed one tool converts that tool's lines only.
 */
export function jsonParseArrayStatement(
  head: string,
  elements: readonly string[],
  end: string,
  lines: (index: number, last: boolean) => string = (i, last) => jsonElementLines(elements[i]!, last),
): string {
  const open = `${head}JSON.parse(\``;
  const close = `\`)${end}`;
  if (elements.length === 0) return dataLine("[]", open, close).join("\n");
  const out = dataLine("[", open, "");
  for (let i = 0; i < elements.length; i++) out.push(lines(i, i === elements.length - 1));
  out.push(...dataLine("]", "", close));
  return out.join("\n");
}

/** One element's lines of `jsonParseArrayStatement` (`json` as described there; a comma after it unless `last`). */
export function jsonElementLines(json: string, last: boolean): string {
  return `  ${json}${last ? "" : ","}`
    .split("\n")
    .flatMap((line) => dataLine(line, "", ""))
    .join("\n");
}

/**
 * `head` + `text` as a template literal + `end`: the text's own lines as the source's lines, a long
 * one continued with `\` at 120 columns (as `jsonParseStatement`'s), so long prose reads as prose and
 * the type-checker sees one string.
 */
export function templateStatement(head: string, text: string, end: string): string {
  const lines = text.split("\n");
  return lines
    .flatMap((line, i) => dataLine(line, i === 0 ? `${head}\`` : "", i === lines.length - 1 ? `\`${end}` : ""))
    .join("\n");
}

/**
 * The characters of `text` as template-literal source, one unit per code point (`\`, `` ` `` and `$`
 * escaped, and a carriage return written `\r`, which a template literal would otherwise read as `\n`).
 */
function templateUnits(text: string): string[] {
  return Array.from(text, (ch) => (ch === "\\" || ch === "`" || ch === "$" ? `\\${ch}` : ch === "\r" ? "\\r" : ch));
}

/**
 * `prefix` + `units` + `suffix` as lines within 120 columns (unless the prefix alone is longer), each
 * but the last ending in `\`; broken after a space where one is near, never inside a unit.
 */
function continued(prefix: string, units: readonly string[], suffix: string): string[] {
  const lines: string[] = [];
  let current = prefix;
  let rest = units;
  let restWidth = units.reduce((n, u) => n + u.length, 0);
  while (rest.length > 1 && current.length + restWidth + suffix.length > MAX_LINE) {
    const room = MAX_LINE - 1 - current.length; // keep a column for the trailing `\`
    let take = 0;
    let used = 0;
    while (take < rest.length - 1 && used + (rest[take]?.length ?? 0) <= room) used += rest[take++]?.length ?? 0;
    const space = take > 0 ? rest.lastIndexOf(" ", take - 1) : -1;
    if (space >= take / 2) take = space + 1;
    if (take === 0 && current === "") take = 1;
    const piece = rest.slice(0, take).join("");
    lines.push(`${current}${piece}\\`);
    current = "";
    rest = rest.slice(take);
    restWidth -= piece.length;
  }
  lines.push(`${current}${rest.join("")}${suffix}`);
  return lines;
}
