import { describe, expect, it } from 'vitest';
import { ProseStream } from './prose-stream';

function stream(chunks: string[]): string {
  let out = '';
  const s = new ProseStream((t) => (out += t));
  for (const c of chunks) s.push(c);
  s.end();
  return out;
}

describe('a plan answer’s prose stream', () => {
  it('passes prose on and keeps the plan block out, wherever the chunks split its tags', () => {
    const text = 'Here is my plan.\n<sprout-plan>{"summary":"x"}</sprout-plan>';
    for (let size = 1; size <= text.length; size++) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(stream(chunks), `chunks of ${size}`).toBe('Here is my plan.\n');
    }
  });

  it('gives back text that only looked like the start of the tag, and prose after the block', () => {
    expect(stream(['a <sprout', '-plain text'])).toBe('a <sprout-plain text');
    expect(stream(['Plan <spr'])).toBe('Plan <spr');
    expect(stream(['A<sprout-plan>{}</sprout-plan>  Then this.'])).toBe('A\n\nThen this.');
    expect(stream(['A<sprout-plan>{"never closed"'])).toBe('A');
  });
});
