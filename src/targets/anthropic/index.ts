/** The anthropic target: the Messages API's native `tools` array and the legacy XML prompt (Claude). */
import { defineTarget } from "../target.js";
import { anthropic as profile } from "./facts.js";
import legacy from "./legacy.js";
import native, { cacheTools } from "./native.js";
import { serverTools } from "./server-tools.js";
import serverToolNameConflict from "./rules/server-tool-name-conflict.js";
import strictLimits from "./rules/strict-limits.js";
import strictSchema from "./rules/strict-schema.js";
import toolNamePortable from "./rules/tool-name-portable.js";

export default defineTarget({
  id: "anthropic",
  title: profile.title,
  profile,
  rules: [toolNamePortable, strictLimits, strictSchema, serverToolNameConflict],
  outputs: [native, legacy],
  settings: [cacheTools, serverTools],
});
