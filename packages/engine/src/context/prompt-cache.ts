import type { ModelMessage, SystemModelMessage } from 'ai';

/**
 * Anthropic caches a prompt only up to the breakpoints the request marks (at most four), and reads
 * a cached prefix back at a breakpoint or up to about 20 content blocks before one. We mark the
 * system prompt, the end of the template's files, the end of the settled files (build-context.ts)
 * and the last message of every request, so a fix round reads everything the request before it
 * wrote. Other providers cache prefixes by themselves and ignore the `anthropic` options.
 */
export const CACHE_POINT = { anthropic: { cacheControl: { type: 'ephemeral' as const } } };

type WithOptions = { providerOptions?: Record<string, Record<string, unknown>> };

/** `part` marked as the end of a cached prefix. */
export function cachePoint<T extends WithOptions>(part: T): T {
  return { ...part, providerOptions: { ...part.providerOptions, ...CACHE_POINT } };
}

/** The system prompt as a message that ends a cached prefix. */
export function cachedSystem(system: string): SystemModelMessage {
  return { role: 'system', content: system, providerOptions: CACHE_POINT };
}

/** `messages` with the last one marked (a copy: the caller's conversation keeps growing without marks). */
export function withCachedTail(messages: readonly ModelMessage[]): ModelMessage[] {
  if (messages.length === 0) return [];
  const last = messages[messages.length - 1]!;
  return [...messages.slice(0, -1), cachePoint(last)];
}

/** How many breakpoints a request carries (the provider honours four). */
export function cachePointsOf(system: SystemModelMessage | string, messages: readonly ModelMessage[]): number {
  const marked = (o: WithOptions) => (o.providerOptions?.anthropic?.cacheControl ? 1 : 0);
  let n = typeof system === 'string' ? 0 : marked(system as WithOptions);
  for (const m of messages) {
    n += marked(m as WithOptions);
    if (Array.isArray(m.content)) for (const p of m.content) n += marked(p as WithOptions);
  }
  return n;
}
