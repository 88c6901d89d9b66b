/** The one content hash toolgen uses (cache keys, cache entries, the output manifest). */
import { createHash } from "node:crypto";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
