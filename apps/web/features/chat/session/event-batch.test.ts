import type { RunEvent } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { EventBatch } from './event-batch';

const event = (seq: number) => ({ seq, type: 'text.delta', at: '', data: { text: String(seq) } }) as RunEvent;

describe('EventBatch', () => {
  it('hands on everything that arrived before the next frame at once, in order', () => {
    const frames: (() => void)[] = [];
    const applied: number[][] = [];
    const batch = new EventBatch(
      (b) => applied.push(b.map((x) => x.event.seq)),
      (run) => frames.push(run),
    );
    batch.push('r1', event(1));
    batch.push('r1', event(2));
    batch.push('r2', event(3));
    expect(frames).toHaveLength(1);
    expect(applied).toEqual([]);
    frames.shift()!();
    expect(applied).toEqual([[1, 2, 3]]);
    batch.push('r1', event(4));
    batch.flush();
    expect(applied).toEqual([[1, 2, 3], [4]]);
    // The frame asked for before the flush finds nothing left.
    frames.shift()!();
    expect(applied).toHaveLength(2);
  });
});
