/**
 * Laying out a one-line generated expression (Zod source, a call) within 120 columns, as a careful
 * person would: a bracketed list that does not fit is broken with one item per line and a trailing
 * comma (a call whose one argument is an object or array keeps its brackets together: `f({` ... `})`;
 * a grouping `(`, which takes no comma, is broken only that way),
 * and a property's string value that still does not fit is split at spaces into `"..." +` pieces.
 * The expression's meaning is unchanged: only spaces, newlines, trailing commas and `+` between
 * pieces of one string value are added.
 */
import { MAX_LINE } from "./code-lines.js";

type Node = { kind: "text"; text: string } | { kind: "string"; text: string; value: boolean } | Group;

interface Group {
  kind: "group";
  open: string;
  close: string;
  items: Node[][];
  /** The group as written (its one-line form). */
  text: string;
  /** A `(` that groups (`(typeof x)["a"]`, `=> ({`), not a call's arguments: it takes no trailing comma. */
  grouping: boolean;
}

const CLOSE: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/** The nodes of `code` from `at` up to its closing bracket `close` (or the end), split at top-level commas. */
function parseItems(code: string, at: number, close: string | undefined): { items: Node[][]; end: number } {
  const items: Node[][] = [];
  let current: Node[] = [];
  let text = "";
  const flush = (): void => {
    if (text !== "") current.push({ kind: "text", text });
    text = "";
  };
  let i = at;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === close) break;
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== ch) j += code[j] === "\\" ? 2 : 1;
      flush();
      // A property's value (after `key: `), whose type is `string` whatever it holds: it may be split.
      const value = ch === '"' && /:\s*$/.test(code.slice(Math.max(0, i - 2), i)) && current.length > 0;
      current.push({ kind: "string", text: code.slice(i, j + 1), value });
      i = j + 1;
    } else if (CLOSE[ch] !== undefined) {
      // An element access (`a[0]`, `shapes["x"]`) takes no trailing comma: it stays on its line.
      const before = text !== "" ? text : (current[current.length - 1]?.text ?? "");
      const access = ch === "[" && /[\w$)\]]$/.test(before);
      const grouping = ch === "(" && !/[\w$)\]>]$/.test(before);
      flush();
      const inner = parseItems(code, i + 1, CLOSE[ch]);
      const group: Group = { kind: "group", open: ch, close: CLOSE[ch]!, items: inner.items, text: code.slice(i, inner.end + 1), grouping };
      current.push(access ? { kind: "text", text: group.text } : group);
      i = inner.end + 1;
    } else if (ch === "," && close !== undefined) {
      flush();
      items.push(trim(current));
      current = [];
      i++;
    } else {
      text += ch;
      i++;
    }
  }
  flush();
  const last = trim(current);
  if (last.length > 0) items.push(last);
  return { items, end: i };
}

/** An item without the spaces around it. */
function trim(nodes: Node[]): Node[] {
  const out = [...nodes];
  const first = out[0];
  if (first?.kind === "text") out[0] = { kind: "text", text: first.text.trimStart() };
  const last = out[out.length - 1];
  if (last?.kind === "text") out[out.length - 1] = { kind: "text", text: last.text.trimEnd() };
  return out.filter((n) => n.kind !== "text" || n.text !== "");
}

/** The width of what follows node `i` up to where a line may break (the next group's open bracket), `suffix` at the end. */
function restWidth(nodes: readonly Node[], i: number, suffix: string): number {
  let width = 0;
  for (let k = i + 1; k < nodes.length; k++) {
    const n = nodes[k]!;
    if (n.kind === "group" && n.items.length > 0) return width + 1;
    width += n.text.length;
  }
  return width + suffix.length;
}

/** A string value as `"..." +` pieces split at spaces: the first starting at `column`, the others at `indent`. */
function splitString(literal: string, column: number, indent: string, tail: number): string {
  if (column + literal.length + tail <= MAX_LINE) return literal;
  const value = JSON.parse(literal) as string;
  const words = value.split(/(?<= )/);
  const pieces: string[] = [];
  let current = "";
  let start = column;
  for (const word of words) {
    const next = current + word;
    if (current !== "" && start + JSON.stringify(next).length + 2 > MAX_LINE) {
      pieces.push(current);
      current = word;
      start = indent.length;
    } else current = next;
  }
  pieces.push(current);
  return pieces.map((p) => JSON.stringify(p)).join(` +\n${indent}`);
}

/** `nodes` laid out from `column`, their lines after the first at `indent`, followed by `suffix` on the last line. */
function layoutNodes(nodes: readonly Node[], column: number, indent: string, suffix: string): string {
  let out = "";
  let col = column;
  nodes.forEach((node, i) => {
    let piece: string;
    if (node.kind === "text") piece = node.text;
    else if (node.kind === "string") {
      piece = node.value ? splitString(node.text, col, `${indent}  `, restWidth(nodes, i, suffix)) : node.text;
    } else if (node.items.length === 0 || col + node.text.length + restWidth(nodes, i, suffix) <= MAX_LINE) piece = node.text;
    else piece = broken(node, col, indent, restWidth(nodes, i, suffix));
    out += piece;
    const lastLine = piece.lastIndexOf("\n");
    col = lastLine === -1 ? col + piece.length : piece.length - lastLine - 1;
  });
  return out;
}

/** A group broken over lines at `indent`; a `(` or `[` around one object or array keeps to its brackets. */
function broken(group: Group, column: number, indent: string, tail: number): string {
  const only = group.items.length === 1 ? group.items[0]! : [];
  const inner = only.length === 1 ? only[0]! : undefined;
  if (group.open !== "{" && inner?.kind === "group" && inner.open !== "(" && inner.items.length > 0) {
    return `${group.open}${broken(inner, column + 1, indent, tail + 1)}${group.close}`;
  }
  // A grouping `(` around anything else is not a list: broken with a trailing comma it would not parse.
  if (group.grouping) return group.text;
  const inside = `${indent}  `;
  const lines = group.items.map((item) => `${inside}${layoutNodes(item, inside.length, inside, ",")},`);
  return `${group.open}\n${lines.join("\n")}\n${indent}${group.close}`;
}

/**
 * `code` (a one-line expression) laid out within 120 columns where it can be, starting at `column`,
 * its lines after the first at `indent`, with `suffix` (`,`, `;`) after it on its last line.
 */
export function layoutExpression(code: string, column: number, indent: string, suffix = ""): string {
  return layoutNodes(parseItems(code, 0, undefined).items[0] ?? [], column, indent, suffix) + suffix;
}
