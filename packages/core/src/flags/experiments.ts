export const EXPERIMENTS = {
  'demo-ab-test': ['original', 'variant1'],
} as const;

export type ExperimentId = keyof typeof EXPERIMENTS;
export type ExperimentBucket<E extends ExperimentId> = (typeof EXPERIMENTS)[E][number];

export function isExperimentId(x: unknown): x is ExperimentId {
  return typeof x === 'string' && Object.hasOwn(EXPERIMENTS, x);
}

const encoder = new TextEncoder();

/** FNV-1a, 32-bit, over the UTF-8 bytes of the text. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// FNV-1a's low bits are weak (the lowest is just the parity of the odd bytes, since the prime is
// odd), so `hash % 2` would split users by a trivial property of their id. MurmurHash3's finaliser
// spreads every input bit over the whole word before we take the remainder.
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The bucket a user is in for an experiment: deterministic, so a user always sees the same variant,
 * and independent between experiments because the experiment id is part of the hashed text.
 * Throws on an unknown experiment (a programming error; check with isExperimentId first).
 */
export function experimentBucket<E extends ExperimentId>(experimentId: E, userId: string): ExperimentBucket<E>;
export function experimentBucket(experimentId: string, userId: string): string;
export function experimentBucket(experimentId: string, userId: string): string {
  if (!isExperimentId(experimentId)) throw new RangeError(`Unknown experiment: ${experimentId}`);
  const buckets: readonly string[] = EXPERIMENTS[experimentId];
  const index = avalanche(fnv1a32(`${experimentId}:${userId}`)) % buckets.length;
  return buckets[index]!;
}
