/**
 * A proof that a `pattern` runs in linear time in a backtracking engine, for `pattern-redos`: the
 * second opinion asked when redos-detector does not find a pattern safe. redos-detector scores how
 * many ways a prefix of the input can be matched, and a pattern such as a domain-list item,
 * `^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}$`, has a prefix matched in ever more ways (each label by the
 * group or by the last part), although a backtracking engine gives each way up at the next `.` or
 * the end: linear (issue 37: 0.4 ms on 32,000-character attacks, yet reported).
 *
 * The proof counts what a backtracking engine does. The pattern becomes a position automaton
 * (Glushkov's, with multiplicities: two ways to take one step count twice), a bounded repetition is
 * written out, and an unanchored pattern gets a state before it that loops on any character (the
 * engine tries each start). The engine's work on an input is at most the number of paths it has
 * alive after each character, over every start; the proof explores, character class by character
 * class, every vector of path counts per state that some input reaches, and holds when none holds
 * more than {@link MAX_LIVE_PATHS} paths: then the work is at most that many steps per character.
 * It is sound by over-approximating: an assertion (`^` or `$` inside, `\b`) is taken as always true,
 * a Unicode property escape as any character, and a pattern with a lookaround or a backreference is
 * not proven. Bounded in work (states, vectors, steps), so it answers the same on every machine.
 */

/** Paths alive at once, over every start: the work per character of input (128: 32,000 characters in ~4M steps). */
export const MAX_LIVE_PATHS = 128;
const MAX_STATES = 600;
const MAX_VECTORS = 20_000;
const MAX_STEPS = 4_000_000;
const MAX_CODE_POINT = 0x10ffff;

/** A set of code points: sorted, disjoint, inclusive ranges. */
type CharSet = Array<[number, number]>;

const ALL: CharSet = [[0, MAX_CODE_POINT]];
const DIGIT: CharSet = [[48, 57]];
const WORD: CharSet = [[48, 57], [65, 90], [95, 95], [97, 122]];
const SPACE: CharSet = [[9, 13], [32, 32], [160, 160], [5760, 5760], [8192, 8202], [8232, 8233], [8239, 8239], [8287, 8287], [12288, 12288], [65279, 65279]];
const LINE_TERMINATORS: CharSet = [[10, 10], [13, 13], [8232, 8233]];

function normalise(ranges: CharSet): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [lo, hi] of normalise(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function has(set: CharSet, c: number): boolean {
  return set.some(([lo, hi]) => lo <= c && c <= hi);
}

type Node = { k: "chars"; set: CharSet } | { k: "empty" } | { k: "cat" | "alt"; items: Node[] } | { k: "repeat"; node: Node; min: number; max: number };

class Unproven extends Error {}

/** A recursive-descent reader of ECMA-262 `u`-mode syntax, enough to build the automaton. */
class Reader {
  i = 0;
  readonly s: string;
  constructor(source: string) {
    this.s = source;
  }

  alternation(): Node {
    const items = [this.sequence()];
    while (this.s[this.i] === "|") {
      this.i++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0]! : { k: "alt", items };
  }

  sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") items.push(this.quantified(this.atom()));
    return { k: "cat", items };
  }

  quantified(node: Node): Node {
    const c = this.s[this.i];
    let min: number;
    let max: number;
    if (c === "*" || c === "+" || c === "?") {
      this.i++;
      [min, max] = c === "*" ? [0, Infinity] : c === "+" ? [1, Infinity] : [0, 1];
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
      if (m === null) return node;
      this.i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    } else return node;
    if (this.s[this.i] === "?") this.i++; // a lazy quantifier takes the same paths, in another order
    return { k: "repeat", node, min, max };
  }

  atom(): Node {
    const c = this.s[this.i++]!;
    if (c === "^" || c === "$") return { k: "empty" };
    if (c === ".") return { k: "chars", set: complement(LINE_TERMINATORS) };
    if (c === "[") return { k: "chars", set: this.charClass() };
    if (c === "(") {
      if (this.s.startsWith("?:", this.i)) this.i += 2;
      else if (this.s.startsWith("?<", this.i) && !/^\?<[=!]/.test(this.s.slice(this.i))) this.i = this.s.indexOf(">", this.i) + 1;
      else if (this.s[this.i] === "?") throw new Unproven("a lookaround");
      const inner = this.alternation();
      if (this.s[this.i++] !== ")") throw new Unproven("an unclosed group");
      return inner;
    }
    if (c === "\\") {
      const e = this.s[this.i]!;
      if (e === "b" || e === "B") {
        this.i++;
        return { k: "empty" };
      }
      if (/[1-9k]/.test(e)) throw new Unproven("a backreference");
      return { k: "chars", set: this.escape() };
    }
    const code = this.s.codePointAt(this.i - 1)!;
    if (code > 0xffff) this.i++;
    return { k: "chars", set: [[code, code]] };
  }

  /** After a backslash: the characters the escape stands for (a Unicode property: any, an over-approximation). */
  escape(): CharSet {
    const e = this.s[this.i++]!;
    const classes: Record<string, CharSet> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
    if (classes[e] !== undefined) return classes[e];
    if (e === "p" || e === "P") {
      this.i = this.s.indexOf("}", this.i) + 1;
      return ALL;
    }
    const controls: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11, "0": 0 };
    if (controls[e] !== undefined) return [[controls[e], controls[e]]];
    if (e === "x" || e === "u" || e === "c") {
      const m = e === "x" ? /^[0-9a-fA-F]{2}/.exec(this.s.slice(this.i)) : e === "c" ? /^[A-Za-z]/.exec(this.s.slice(this.i)) : /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(this.s.slice(this.i));
      if (m === null) throw new Unproven("an escape");
      this.i += m[0].length;
      const code = e === "c" ? m[0].charCodeAt(0) % 32 : parseInt(m[0].replace(/[{}]/g, ""), 16);
      return [[code, code]];
    }
    const code = e.codePointAt(0)!;
    return [[code, code]];
  }

  charClass(): CharSet {
    const negated = this.s[this.i] === "^";
    if (negated) this.i++;
    const ranges: CharSet = [];
    while (this.i < this.s.length && this.s[this.i] !== "]") {
      const lo = this.classAtom();
      if (this.s[this.i] === "-" && this.s[this.i + 1] !== "]" && this.i + 1 < this.s.length) {
        this.i++;
        const hi = this.classAtom();
        if (lo.length !== 1 || hi.length !== 1 || lo[0]![0] !== lo[0]![1] || hi[0]![0] !== hi[0]![1]) throw new Unproven("a range of classes");
        ranges.push([lo[0]![0], hi[0]![0]]);
      } else ranges.push(...lo);
    }
    if (this.s[this.i++] !== "]") throw new Unproven("an unclosed class");
    return negated ? complement(ranges) : normalise(ranges);
  }

  classAtom(): CharSet {
    const c = this.s[this.i++]!;
    if (c !== "\\") {
      const code = this.s.codePointAt(this.i - 1)!;
      if (code > 0xffff) this.i++;
      return [[code, code]];
    }
    if (this.s[this.i] === "b") {
      this.i++;
      return [[8, 8]];
    }
    if (this.s[this.i] === "-") {
      this.i++;
      return [[45, 45]];
    }
    return this.escape();
  }
}

/** The automaton: each state's characters (the one it reads to be entered) and its edges with multiplicities. */
interface Automaton {
  labels: CharSet[];
  edges: Array<Map<number, number>>;
}

interface Part {
  empty: number;
  first: Map<number, number>;
  last: Map<number, number>;
}

function add(into: Map<number, number>, from: Map<number, number>, times = 1): void {
  if (times === 0) return;
  for (const [k, v] of from) into.set(k, Math.min((into.get(k) ?? 0) + v * times, MAX_LIVE_PATHS + 1));
}

function link(a: Automaton, from: Map<number, number>, to: Map<number, number>): void {
  for (const [p, m] of from) add(a.edges[p]!, to, m);
}

function build(node: Node, a: Automaton): Part {
  switch (node.k) {
    case "empty":
      return { empty: 1, first: new Map(), last: new Map() };
    case "chars": {
      if (a.labels.length >= MAX_STATES) throw new Unproven("too many states");
      const id = a.labels.push(node.set) - 1;
      a.edges.push(new Map());
      return { empty: 0, first: new Map([[id, 1]]), last: new Map([[id, 1]]) };
    }
    case "alt": {
      const out: Part = { empty: 0, first: new Map(), last: new Map() };
      for (const item of node.items) {
        const p = build(item, a);
        out.empty += p.empty;
        add(out.first, p.first);
        add(out.last, p.last);
      }
      return out;
    }
    case "cat":
      return node.items.reduce<Part>((acc, item) => concat(acc, build(item, a), a), { empty: 1, first: new Map(), last: new Map() });
    case "repeat": {
      const { min, max } = node;
      let out: Part = { empty: 1, first: new Map(), last: new Map() };
      for (let i = 0; i < Math.min(min, MAX_STATES); i++) out = concat(out, build(node.node, a), a);
      if (max === Infinity) {
        // A loop: an iteration ends where the next begins; an iteration that matches nothing ends the loop.
        const body = build(node.node, a);
        link(a, body.last, body.first);
        return concat(out, { empty: 1, first: body.first, last: body.last }, a);
      }
      // x{0,k} written out as (x(x(...)?)?)?: each further iteration optional after the one before.
      let tail: Part = { empty: 1, first: new Map(), last: new Map() };
      for (let i = 0; i < Math.min(max - min, MAX_STATES); i++) {
        const body = build(node.node, a);
        const more = concat(body, tail, a);
        tail = { empty: more.empty + 1, first: more.first, last: more.last };
      }
      return concat(out, tail, a);
    }
  }
}

function concat(x: Part, y: Part, a: Automaton): Part {
  link(a, x.last, y.first);
  const first = new Map(x.first);
  add(first, y.first, x.empty);
  const last = new Map(y.last);
  add(last, x.last, y.empty);
  return { empty: x.empty * y.empty, first, last };
}

/** Whether every top-level alternative opens with `^`: the engine then tries one start only. */
function anchored(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  const starts = [0];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) starts.push(i + 1);
  }
  return starts.every((s) => pattern[s] === "^");
}

/**
 * Whether `pattern` provably runs in linear time in a backtracking engine: at most
 * {@link MAX_LIVE_PATHS} paths alive per character of any input. False means "not proven".
 */
export function isLinearPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
  } catch {
    return false;
  }
  try {
    const reader = new Reader(pattern);
    const ast = reader.alternation();
    if (reader.i !== pattern.length) return false;
    const a: Automaton = { labels: [], edges: [] };
    const start = a.labels.push([]) - 1;
    a.edges.push(new Map());
    const body = build(ast, a);
    link(a, new Map([[start, 1]]), body.first);
    if (!anchored(pattern)) {
      // The engine tries each start: a state that reads any character and stays, and enters the pattern after it.
      const retry = a.labels.push(ALL) - 1;
      a.edges.push(new Map([[retry, 1]]));
      add(a.edges[start]!, new Map([[retry, 1]]));
      add(a.edges[retry]!, body.first);
    }
    return boundedPaths(a, start);
  } catch (error) {
    if (error instanceof Unproven) return false;
    throw error;
  }
}

/** Every vector of path counts some input reaches from `start` holds at most MAX_LIVE_PATHS paths. */
function boundedPaths(a: Automaton, start: number): boolean {
  // One representative character per class of characters no label tells apart.
  const cuts = new Set<number>([0]);
  for (const label of a.labels) for (const [lo, hi] of label) cuts.add(lo).add(hi + 1);
  const atoms = [...cuts].filter((c) => c <= MAX_CODE_POINT).sort((x, y) => x - y);
  const enters = atoms.map((c) => a.labels.map((label) => has(label, c)));
  const key = (v: Map<number, number>) => [...v].sort((x, y) => x[0] - y[0]).join(";");
  const seen = new Set<string>();
  const queue = [new Map([[start, 1]])];
  let steps = 0;
  while (queue.length > 0) {
    const vector = queue.pop()!;
    for (const enter of enters) {
      const next = new Map<number, number>();
      let live = 0;
      for (const [state, count] of vector) {
        for (const [to, times] of a.edges[state]!) {
          if (++steps > MAX_STEPS) return false;
          if (!enter[to]) continue;
          next.set(to, (next.get(to) ?? 0) + count * times);
          live += count * times;
          if (live > MAX_LIVE_PATHS) return false;
        }
      }
      if (next.size === 0) continue;
      const k = key(next);
      if (seen.has(k)) continue;
      if (seen.size >= MAX_VECTORS) return false;
      seen.add(k);
      queue.push(next);
    }
  }
  return true;
}
