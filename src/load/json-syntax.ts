/**
 * Line and column of a JSON syntax error, from jsonc-parser (which keeps offsets). Loaded only when a
 * file does not parse, so a clean `toolgen lint` never loads the parser.
 */
import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { offsetToPosition } from "./lines.js";

export function locateJsonSyntaxError(text: string): { message: string; line: number; column: number } | undefined {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const pos = offsetToPosition(text, first.offset);
  return { message: describeJsonError(printParseErrorCode(first.error)), ...pos };
}

function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return `invalid JSON: ${words}`;
}
