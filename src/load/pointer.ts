/** JSON pointer (RFC 6901) helpers: they live in the schema module; re-exported for the load stage. */
export { escapeToken, getByPointer, getByTokens, isPlainObject, joinPointer, resolveLocal, setOwn, splitPointer, unescapeToken } from "../schema/pointer.js";
