// What a run tells its model besides the conversation: AI SDK provider options under the key
// `sprout`. Real providers read only their own key (`openai`, `anthropic`, …) and ignore this one;
// the offline builder reads it to know whom it answers.

export const SPROUT_CALL_OPTIONS_KEY = 'sprout';

export interface SproutCallOptions {
  /**
   * The person is Sprout staff, who can configure the server: a reply may include setup details
   * (the offline builder's "connect a model" text), which are noise to everyone else.
   */
  staff: boolean;
  /** plan: the run asks for a plan (`<sprout-plan>`, protocol/plan-answer.ts), not code. Absent: build. */
  mode?: 'plan' | 'build';
}

/** The `providerOptions` of a model request carrying these options. */
export function sproutProviderOptions(o: SproutCallOptions): { [SPROUT_CALL_OPTIONS_KEY]: { staff: boolean; mode: 'plan' | 'build' } } {
  return { [SPROUT_CALL_OPTIONS_KEY]: { staff: o.staff, mode: o.mode ?? 'build' } };
}

/** Sprout's own entry of provider options or metadata (an object under the `sprout` key), or null. */
export function sproutEntry(record: unknown): Record<string, unknown> | null {
  const own = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[SPROUT_CALL_OPTIONS_KEY] : undefined;
  return typeof own === 'object' && own !== null ? (own as Record<string, unknown>) : null;
}

/** The options a request carries; anything missing or malformed reads as "not staff", "build". */
export function readSproutCallOptions(providerOptions: unknown): Required<SproutCallOptions> {
  const own = sproutEntry(providerOptions);
  return { staff: own?.staff === true, mode: own?.mode === 'plan' ? 'plan' : 'build' };
}
