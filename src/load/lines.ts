/** Offsets to 1-based line and column (a line ends at \n, \r\n or a lone \r). No dependencies. */

export interface Position {
  line: number;
  column: number;
}

export function offsetToPosition(text: string, offset: number, starts?: number[]): Position {
  const table = starts ?? computeLineStarts(text);
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((table[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (table[lo] ?? 0) + 1 };
}

export function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}
