/**
 * What a target is: one provider API, protocol or framework that a folder of tools is sent to, with
 * everything it means in its own folder (src/targets/<id>/): its facts (name rule, limits, rejected
 * keywords, each with its source), its outputs, its schema lowering, its lint rules and its
 * settings. The catalogue (src/catalog.ts) lists the targets; nothing else names one.
 */
import type { Rule } from "../lint/rule.js";
import type { Output, Setting } from "../outputs/output.js";
import type { Profile } from "./profile.js";

export interface Target {
  /** What `targets` in the config and `--targets` call it: lower-case words joined by `-`. */
  id: string;
  /** How messages and docs name it, e.g. "OpenAI". */
  title: string;
  /** What it accepts of a tool definition, as data with sources; its target rules read it. */
  profile?: Profile;
  /**
   * Its target rules, ids `<id>/<check>`: on at their default severity when the config's `targets`
   * names it (or names nothing and it is a default target), or when a build writes one of its
   * outputs; off otherwise. The config's "rules" win.
   */
  rules: readonly Rule[];
  /** Rules that concern only its outputs (e.g. what a lowering loses): off in a build without them. */
  outputRules?: readonly Rule[];
  outputs: readonly Output[];
  /** The config keys its outputs and rules read. */
  settings?: readonly Setting[];
}

/** Declares a target (typed; nothing else). */
export function defineTarget<const T extends Target>(target: T): T {
  return target;
}
