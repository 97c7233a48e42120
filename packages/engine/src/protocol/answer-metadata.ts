// What a model tells the run about its answer besides the text: AI SDK provider metadata under the
// key `sprout`, as the run's own options travel to it (call-options.ts). Only the offline builder
// writes it; real providers write under their own key, so nothing they send can set it.

import { SPROUT_CALL_OPTIONS_KEY, sproutEntry } from './call-options';

export interface SproutAnswerMetadata {
  /**
   * The answer builds an app in place of the one asked for (one the offline builder cannot make, or
   * a guess at a request that named none), saying so: the message is not counted.
   */
  substituted: boolean;
}

/** The `providerMetadata` of an answer carrying this. */
export function sproutAnswerMetadata(m: SproutAnswerMetadata): { [SPROUT_CALL_OPTIONS_KEY]: { substituted: boolean } } {
  return { [SPROUT_CALL_OPTIONS_KEY]: { substituted: m.substituted } };
}

/** What an answer's provider metadata says; anything missing or malformed reads as "not substituted". */
export function readSproutAnswerMetadata(providerMetadata: unknown): SproutAnswerMetadata {
  return { substituted: sproutEntry(providerMetadata)?.substituted === true };
}
