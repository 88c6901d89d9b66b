/**
 * What a feature is: something that cuts across targets (toolsets, the tool search, deferred loading),
 * with everything it means in its own folder (src/features/<id>/): its settings, its lint rules, its
 * outputs and, optionally, a transform of the tools that the build runs between lint and emit. A
 * feature asks for what outputs provide by kind (`ctx.provided(kind)`, src/emit/capabilities.ts),
 * never for an output or target by its id. The catalogue (src/catalog.ts) lists the features as it
 * lists the targets; nothing else names one.
 */
import type { Rule } from "../lint/rule.js";
import type { BundledTool } from "../model.js";
import type { Output } from "../outputs/output.js";
import type { Setting } from "../setting.js";

export interface Feature {
  /** Lower-case words joined by `-`; also its folder's name. */
  id: string;
  /** How messages and docs name it, e.g. "Deferred loading". */
  title: string;
  /** Its lint rules (flat ids, each with its docs page docs/rules/<id>.md); the config's "rules" win. */
  rules?: readonly Rule[];
  /** Its outputs (opt-in ones are built when the config's "outputs" names them). */
  outputs?: readonly Output[];
  /** The config keys it reads. */
  settings?: readonly Setting[];
  /**
   * The tools as the outputs see them, from the linted ones and the build's settings (by key, defaults
   * applied): the build runs every feature's, in catalogue order, between lint and emit. New objects;
   * the input is not changed.
   */
  transform?(tools: readonly BundledTool[], settings: Readonly<Record<string, unknown>>): readonly BundledTool[] | Promise<readonly BundledTool[]>;
}

/** Declares a feature (typed; nothing else). */
export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}
