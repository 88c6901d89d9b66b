/** The one content hash toolgen uses (cache keys, cache entries, the output manifest). */
import { createHash } from "node:crypto";

/** Of a string, its UTF-8 bytes: a file's bytes and the text it was written from hash alike. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
