/**
 * The toolsets feature: the config's named subsets of the folder (`toolsets`), the clients whose tool
 * caps they are checked against (`clients`), its rule toolset-cap (./rules/) and its output,
 * toolsets/<name>.ts (./output.ts). What the targets share with it (resolving a toolset, the caps' facts, the
 * settings' parsing, the toolset module's text) stays in src/toolsets/, a layer below the targets:
 * the mcp target serves one toolset per server.
 */
import { clients, toolsets } from "../../toolsets/settings.js";
import { defineFeature } from "../feature.js";
import toolsetsOutput from "./output.js";
import toolsetCap from "./rules/toolset-cap.js";

export default defineFeature({
  id: "toolsets",
  title: "Toolsets",
  rules: [toolsetCap],
  outputs: [toolsetsOutput],
  settings: [toolsets, clients],
});
