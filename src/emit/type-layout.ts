/**
 * The layout of an input type file without Prettier. json-schema-to-typescript's generator writes
 * its declarations unindented (`format: false`); formatting them with its Prettier step cost more CPU
 * than the whole rest of a cold build (issue 28). The generator writes a small subset of TypeScript:
 * `export interface`/`export type` declarations of object types, unions, intersections, tuples, arrays,
 * names and literals, with doc comments before declarations and members. This module parses that
 * subset and lays it out as Prettier would (two-space indent, 120 columns, `;` after members, a union
 * that does not fit on its line broken one member a line behind `| `, a tuple that does not fit one
 * element a line with trailing commas, doc comments re-indented). Anything outside the subset (a
 * schema's `tsType`, a `*\/` in a description) makes `layoutTypes` return undefined, and the caller
 * formats that file with Prettier instead.
 */

const WIDTH = 120;

type TypeNode =
  | { k: "name"; text: string }
  | { k: "array"; of: TypeNode }
  /** Parentheses the generator wrote around a union or intersection (kept where Prettier keeps them). */
  | { k: "paren"; of: TypeNode }
  | { k: "union" | "inter"; items: TypeNode[] }
  | { k: "tuple"; items: TypeNode[] }
  | { k: "spread"; of: TypeNode }
  | { k: "object"; members: Member[] };

interface Member {
  comment: string[] | undefined;
  /** Absent for a comment that ends the object (json-schema-to-typescript's note on a `patternProperties` schema). */
  key?: string;
  type?: TypeNode;
}

interface Decl {
  comment: string[] | undefined;
  blankBefore: boolean;
  /** `export interface X extends A` or `export type X`. */
  head: string;
  kind: "interface" | "type";
  type: TypeNode;
}

interface Token {
  kind: "word" | "string" | "punct" | "comment";
  text: string;
  /** A blank line comes before this token. */
  blankBefore: boolean;
  /** A line break comes before this token. */
  lineBefore: boolean;
}

class Unsupported extends Error {}

/** The generator's output laid out, or undefined when it holds something this layout does not read. */
export function layoutTypes(code: string): string | undefined {
  try {
    const decls = new Parser(tokenize(code)).file();
    return decls.map((d, i) => `${i > 0 && d.blankBefore ? "\n" : ""}${printDecl(d)}`).join("\n") + "\n";
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

const PUNCT = new Set(["{", "}", "[", "]", "(", ")", "|", "&", ":", "?", "=", ","]);

function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let newlines = 0;
  const push = (kind: Token["kind"], text: string): void => {
    tokens.push({ kind, text, blankBefore: newlines > 1, lineBefore: newlines > 0 });
    newlines = 0;
  };
  while (i < code.length) {
    const c = code[i]!;
    if (c === "\n") {
      newlines++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r") i++;
    else if (code.startsWith("/**", i)) {
      const end = code.indexOf("*/", i + 3);
      if (end < 0) throw new Unsupported();
      push("comment", code.slice(i, end + 2));
      i = end + 2;
      // What follows a comment on its own line is a new line; anything else is not the generator's.
      if (!/^[ \t]*\n/.test(code.slice(i, i + 200))) throw new Unsupported();
    } else if (c === '"') {
      let j = i + 1;
      while (j < code.length && code[j] !== '"') j += code[j] === "\\" ? 2 : 1;
      if (j >= code.length || code.slice(i, j).includes("\n")) throw new Unsupported();
      push("string", code.slice(i, j + 1));
      i = j + 1;
    } else if (code.startsWith("...", i)) {
      push("punct", "...");
      i += 3;
    } else if (PUNCT.has(c)) {
      push("punct", c);
      i++;
    } else {
      const m = /^(?:[A-Za-z_$][\w$]*|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(code.slice(i, i + 400));
      if (m === null) throw new Unsupported();
      push("word", m[0]);
      i += m[0].length;
    }
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(ahead = 0): Token | undefined {
    return this.tokens[this.at + ahead];
  }
  private next(): Token {
    const t = this.tokens[this.at++];
    if (t === undefined) throw new Unsupported();
    return t;
  }
  private is(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t !== undefined && t.kind !== "string" && t.kind !== "comment" && t.text === text;
  }
  /** Takes the token `text` if it comes next. */
  private eat(text: string): boolean {
    if (!this.is(text)) return false;
    this.at++;
    return true;
  }
  private expect(text: string): void {
    if (!this.eat(text)) throw new Unsupported();
  }
  private name(): string {
    const t = this.next();
    if (t.kind !== "word" || !/^[A-Za-z_$]/.test(t.text)) throw new Unsupported();
    return t.text;
  }
  private comment(): string[] | undefined {
    const t = this.peek();
    if (t?.kind !== "comment") return undefined;
    this.at++;
    const lines = t.text.split("\n").map((l) => l.trim());
    // Prettier re-indents a block comment only when each line after the first starts with `*`.
    if (lines.slice(1).some((l) => !l.startsWith("*"))) throw new Unsupported();
    return lines;
  }

  file(): Decl[] {
    const decls: Decl[] = [];
    while (this.peek() !== undefined) {
      const blankBefore = this.peek()!.blankBefore;
      const comment = this.comment();
      this.expect("export");
      if (this.eat("interface")) {
        let head = `export interface ${this.name()}`;
        if (this.eat("extends")) {
          const supers = [this.name()];
          while (this.eat(",")) supers.push(this.name());
          head += ` extends ${supers.join(", ")}`;
        }
        decls.push({ comment, blankBefore, head, kind: "interface", type: this.object() });
      } else if (this.eat("type")) {
        const head = `export type ${this.name()}`;
        this.expect("=");
        decls.push({ comment, blankBefore, head, kind: "type", type: unparen(this.type()) });
      } else throw new Unsupported();
    }
    return decls;
  }

  private type(): TypeNode {
    const items = [this.intersection()];
    while (this.eat("|")) items.push(this.intersection());
    // Prettier puts an intersection inside a union in parentheses.
    const wrap = (t: TypeNode): TypeNode => (t.k === "inter" ? { k: "paren", of: t } : t);
    return items.length === 1 ? items[0]! : { k: "union", items: items.map(wrap) };
  }

  private intersection(): TypeNode {
    const items = [this.postfix()];
    while (this.eat("&")) items.push(this.postfix());
    return items.length === 1 ? items[0]! : { k: "inter", items };
  }

  private postfix(): TypeNode {
    let node = this.primary();
    while (this.is("[") && this.is("]", 1)) {
      this.at += 2;
      node = { k: "array", of: node };
    }
    return node;
  }

  private primary(): TypeNode {
    const t = this.peek();
    if (t === undefined) throw new Unsupported();
    if (t.kind === "string") {
      this.at++;
      return { k: "name", text: quoted(t.text) };
    }
    if (t.kind === "word") {
      this.at++;
      return { k: "name", text: t.text };
    }
    if (this.eat("(")) {
      const inner = this.type();
      this.expect(")");
      return inner.k === "union" || inner.k === "inter" ? { k: "paren", of: inner } : inner;
    }
    if (this.is("{")) return this.object();
    if (this.eat("[")) {
      const items: TypeNode[] = [];
      while (!this.eat("]")) {
        if (items.length > 0) this.expect(",");
        items.push(this.eat("...") ? { k: "spread", of: this.postfix() } : this.type());
      }
      return { k: "tuple", items };
    }
    throw new Unsupported();
  }

  private object(): TypeNode {
    // An object type the generator writes breaks after `{`; one that does not is JSON data (a `const`).
    if (this.peek(1)?.lineBefore !== true) throw new Unsupported();
    this.expect("{");
    const members: Member[] = [];
    while (!this.is("}")) {
      const comment = this.comment();
      if (comment !== undefined && this.is("}")) {
        members.push({ comment });
        continue;
      }
      let key: string;
      const t = this.next();
      if (t.kind === "string" || (t.kind === "word" && /^[A-Za-z_$]/.test(t.text))) key = t.text;
      else if (t.text === "[" && t.kind === "punct") {
        const index = this.name();
        this.expect(":");
        const keyType = this.name();
        this.expect("]");
        key = `[${index}: ${keyType}]`;
      } else throw new Unsupported();
      if (this.eat("?")) key += "?";
      this.expect(":");
      members.push({ comment, key, type: unparen(this.type()) });
    }
    this.at++;
    return { k: "object", members };
  }
}

const flatMemo = new WeakMap<TypeNode, string | null>();

/** The node on one line, or null when it cannot be (an object with members always breaks, as in the generator's input). */
function flat(node: TypeNode): string | null {
  const known = flatMemo.get(node);
  if (known !== undefined) return known;
  let text: string | null;
  switch (node.k) {
    case "name":
      text = node.text;
      break;
    case "object":
      text = node.members.length === 0 ? "{}" : null;
      break;
    case "array":
    case "spread":
    case "paren": {
      const inner = flat(node.of);
      text = inner === null ? null : node.k === "array" ? `${inner}[]` : node.k === "spread" ? `...${inner}` : `(${inner})`;
      break;
    }
    case "union":
    case "inter": {
      const parts = node.items.map(flat);
      text = parts.includes(null) ? null : parts.join(node.k === "union" ? " | " : " & ");
      break;
    }
    case "tuple": {
      const parts = node.items.map((t) => flat(unparen(t)));
      text = parts.includes(null) ? null : `[${parts.join(", ")}]`;
      break;
    }
  }
  flatMemo.set(node, text);
  return text;
}

/** A member's, an alias's or a tuple element's type needs no parentheses of its own. */
function unparen(node: TypeNode): TypeNode {
  return node.k === "paren" ? node.of : node;
}

/**
 * A string literal quoted as Prettier quotes it: double quotes unless the text holds more of them
 * than single quotes. `json` is JSON.stringify's spelling, which is the generator's.
 */
function quoted(json: string): string {
  const raw = json.slice(1, -1);
  const doubles = raw.split('"').length - 1;
  if (doubles <= raw.split("'").length - 1) return json;
  return `'${raw.replace(/\\(.)|'/gs, (m: string, escaped: string | undefined) => (escaped === '"' ? '"' : escaped !== undefined ? m : "\\'"))}'`;
}

/**
 * `node` printed where it starts at column `col`, with `tail` characters after it on its line;
 * continuation lines are indented by `ind` (the indent of the line it starts on).
 */
function print(node: TypeNode, ind: string, col: number, tail: number): string {
  const one = flat(node);
  if (one !== null && col + one.length + tail <= WIDTH) return one;
  switch (node.k) {
    case "name":
      return node.text;
    case "object":
      return printObject(node.members, ind);
    case "paren": {
      const huggedText = node.of.k === "union" ? hugged(node.of, ind, col + 1, tail + 1) : undefined;
      return huggedText !== undefined ? `(${huggedText})` : `(${onNextLines(node.of, ind, 0)}\n${ind})`;
    }
    case "array":
      return `${print(node.of, ind, col, tail + 2)}[]`;
    case "spread":
      return `...${print(node.of, ind, col + 3, tail)}`;
    case "union":
      return hugged(node, ind, col, tail) ?? unionLines(node, ind, tail);
    case "inter":
      return node.items.map((t) => print(t, ind, col, tail)).join(" & ");
    case "tuple": {
      const inner = `${ind}  `;
      const element = (t: TypeNode): string => {
        const el = unparen(t);
        // A union element that breaks is put in parentheses when the tuple has other elements.
        if (el.k !== "union" || node.items.length === 1 || fits(el, inner.length, 1)) return print(el, inner, inner.length, 1);
        return hugged(el, inner, inner.length, 1) ?? `(${onNextLines(el, inner, 0)}\n${inner})`;
      };
      return `[\n${node.items.map((t) => `${inner}${element(t)},\n`).join("")}${ind}]`;
    }
  }
}

function fits(node: TypeNode, col: number, tail: number): boolean {
  const one = flat(node);
  return one !== null && col + one.length + tail <= WIDTH;
}

/**
 * Prettier keeps a union on the line when it is one object type or type name with `null`s (the
 * object breaks instead).
 */
function hugged(node: { items: TypeNode[] }, ind: string, col: number, tail: number): string | undefined {
  const isNull = (t: TypeNode): boolean => t.k === "name" && (t.text === "null" || t.text === "void");
  const main = node.items.find((t) => t.k === "object" || (t.k === "name" && /^[A-Za-z_$]/.test(t.text) && !KEYWORDS.has(t.text)));
  if (main === undefined || !node.items.every((t) => t === main || isNull(t))) return undefined;
  return node.items.map((t) => print(t, ind, col, tail)).join(" | ");
}

const KEYWORDS = new Set(["string", "number", "boolean", "unknown", "any", "never", "null", "undefined", "void", "object", "true", "false"]);

/** A union one member a line behind `| ` (the first on the current line); members align two columns in. */
function unionLines(node: { items: TypeNode[] }, ind: string, tail: number): string {
  const inner = `${ind}  `;
  return node.items
    .map((t, i) => `${i === 0 ? "" : `\n${ind}`}| ${print(t, inner, inner.length, i === node.items.length - 1 ? tail : 0)}`)
    .join("");
}

/**
 * A type after a line break, indented two more than `ind`: on one line there when it fits (`tail`
 * characters follow it), else a union one member a line. Returns the text from the line break on.
 */
function onNextLines(node: TypeNode, ind: string, tail: number): string {
  const inner = `${ind}  `;
  if (node.k !== "union" || fits(node, inner.length, tail)) return `\n${inner}${print(node, inner, inner.length, tail)}`;
  return `\n${inner}${unionLines(node, inner, tail)}`;
}

/**
 * A type after `lead` (`key: `, `export type X = `) on a line at indent `ind`, then `end`: a union that
 * does not fit goes on the next line, indented, and one member a line if it does not fit there either.
 */
function printAfter(lead: string, node: TypeNode, ind: string, end: string): string {
  const col = ind.length + lead.length;
  if (fits(node, col, end.length)) return `${ind}${lead}${flat(node)}${end}`;
  if (node.k === "union") {
    const huggedText = hugged(node, ind, col, end.length);
    if (huggedText !== undefined) return `${ind}${lead}${huggedText}${end}`;
    return `${ind}${lead.trimEnd()}${onNextLines(node, ind, end.length)}${end}`;
  }
  return `${ind}${lead}${print(node, ind, col, end.length)}${end}`;
}

function printComment(lines: string[] | undefined, ind: string): string {
  if (lines === undefined) return "";
  return lines.map((l, i) => `${ind}${i === 0 ? l : ` ${l}`}\n`).join("");
}

function printObject(members: Member[], ind: string): string {
  if (members.length === 0) return "{}";
  const inner = `${ind}  `;
  const body = members.map(
    (m) => `${printComment(m.comment, inner)}${m.key === undefined || m.type === undefined ? "" : `${printAfter(`${m.key}: `, m.type, inner, ";")}\n`}`,
  );
  return `{\n${body.join("")}${ind}}`;
}

function printDecl(d: Decl): string {
  const comment = printComment(d.comment, "");
  if (d.kind === "interface") return `${comment}${d.head} ${printObject(d.type.k === "object" ? d.type.members : [], "")}`;
  return `${comment}${printAfter(`${d.head} = `, d.type, "", ";")}`;
}
