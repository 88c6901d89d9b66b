/**
 * The features of a regular expression (ECMA-262 source) that some grammar compilers refuse:
 * backreferences, lookaround and word boundaries. A scan of the source as written, escapes and
 * character classes respected (inside `[...]`, `\b` is a backspace and `(?=` is three characters).
 */

export type RegexFeature = "a backreference" | "lookaround" | "a word boundary";

/** One feature found: what it is and the text that shows it (`\1`, `(?<=`, `\b`). */
export interface FoundFeature {
  feature: RegexFeature;
  text: string;
}

/** The first occurrence of each feature in `source`, in the order they appear. */
export function regexFeatures(source: string): FoundFeature[] {
  const found = new Map<RegexFeature, string>();
  const note = (feature: RegexFeature, text: string) => {
    if (!found.has(feature)) found.set(feature, text);
  };
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass) {
        if (next === "b" || next === "B") note("a word boundary", `\\${next}`);
        else if (/[1-9]/.test(next)) note("a backreference", `\\${/^\d+/.exec(source.slice(i + 1))![0]}`);
        else if (next === "k" && source[i + 2] === "<") note("a backreference", source.slice(i, source.indexOf(">", i) + 1 || undefined));
      }
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(" && source[i + 1] === "?") {
      const head = source.slice(i, i + 4);
      if (head.startsWith("(?=") || head.startsWith("(?!")) note("lookaround", head.slice(0, 3));
      else if (head === "(?<=" || head === "(?<!") note("lookaround", head);
    }
  }
  return [...found].map(([feature, text]) => ({ feature, text }));
}
