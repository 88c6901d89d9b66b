/** Offsets to 1-based line and column (a line ends at \n, \r\n or a lone \r). No dependencies. */

export interface Position {
  line: number;
  column: number;
}

export function offsetToPosition(text: string, offset: number): Position {
  return positionsOf(text, [offset])[0] ?? { line: 1, column: 1 };
}

/**
 * The positions of several offsets in one pass over the text, up to the largest offset (the offsets
 * may come in any order; the result follows their order). Lines are found with `indexOf` when the
 * text has no `\r`, which is much faster than testing each character.
 */
export function positionsOf(text: string, offsets: readonly number[]): Position[] {
  const order = offsets.length === 1 ? [0] : offsets.map((_, i) => i).sort((a, b) => (offsets[a] ?? 0) - (offsets[b] ?? 0));
  const result: Position[] = new Array<Position>(offsets.length);
  const crlf = text.includes("\r");
  let line = 1;
  let lineStart = 0;
  for (const i of order) {
    const offset = offsets[i] ?? 0;
    if (crlf) {
      for (let k = lineStart; k < offset; k++) {
        const c = text.charCodeAt(k);
        if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) {
          line++;
          lineStart = k + 1;
        }
      }
    } else {
      for (let nl = text.indexOf("\n", lineStart); nl >= 0 && nl < offset; nl = text.indexOf("\n", lineStart)) {
        line++;
        lineStart = nl + 1;
      }
    }
    result[i] = { line, column: offset - lineStart + 1 };
  }
  return result;
}
