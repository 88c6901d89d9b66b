/** The anthropic target: the Messages API's native `tools` array and the legacy XML prompt (Claude). */
import { defineTarget } from "../target.js";
import { anthropic as profile } from "./facts.js";
import legacy from "./legacy.js";
import native, { cacheTools } from "./native.js";
import strictLimits from "./rules/strict-limits.js";
import strictSchema from "./rules/strict-schema.js";
import toolNamePortable from "./rules/tool-name-portable.js";

export default defineTarget({
  id: "anthropic",
  title: profile.title,
  profile,
  rules: [toolNamePortable, strictLimits, strictSchema],
  outputs: [native, legacy],
  settings: [cacheTools],
});
