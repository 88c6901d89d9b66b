/**
 * The deferral feature: tools sent with `defer_loading: true`, found through tool search. Its rule:
 * a deferred tool may not carry `input_examples` (./rules/). Its setting, `deferLoading`, is parsed in
 * src/toolsets/settings.ts beside the toolsets'. Its transform marks the tools the
 * `deferLoading` budget defers (the plan is src/toolsets/defer.ts's, beside the setting it reads).
 */
import { deferLoading } from "../../toolsets/settings.js";
import { defineFeature } from "../feature.js";
import deferLoadingInputExamples from "./rules/defer-loading-input-examples.js";

export default defineFeature({
  id: "deferral",
  title: "Deferred loading",
  rules: [deferLoadingInputExamples],
  settings: [deferLoading],
  transform: async (tools, settings) => (await import("../../toolsets/index.js")).withDeferral(tools, settings),
});
