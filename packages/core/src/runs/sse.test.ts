import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

const frame = (seq: number, type: string, data: unknown = {}) =>
  `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify({ seq, type, at: '2026-01-01T00:00:00Z', data })}\n\n`;

describe('SseParser', () => {
  const stream = `retry: 2000\n\n: ping\n\n${frame(1, 'run.started', { a: 1 })}${frame(2, 'text.delta', { text: 'Hi\nthere' })}event: x\ndata: one\ndata: two\n\n`;

  it('reads every frame whatever the chunk boundaries', () => {
    const whole = new SseParser().push(stream);
    expect(whole.map((f) => f.event)).toEqual(['run.started', 'text.delta', 'x']);
    expect(whole[2]!.data).toBe('one\ntwo');
    expect(JSON.parse(whole[1]!.data).data.text).toBe('Hi\nthere');
    for (let cut = 0; cut <= stream.length; cut++) {
      const p = new SseParser();
      const frames = [...p.push(stream.slice(0, cut)), ...p.push(stream.slice(cut))];
      expect(frames, `split at ${cut}`).toEqual(whole);
      expect(p.retryMs).toBe(2000);
    }
  });

  it('accepts CRLF and CR line ends, split between the two characters', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    const cr = stream.replace(/\n/g, '\r');
    const expected = new SseParser().push(stream);
    for (const text of [crlf, cr]) {
      for (let cut = 0; cut <= text.length; cut += 3) {
        const p = new SseParser();
        expect([...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))]).toEqual(expected);
      }
    }
  });

  it('keeps the last id for frames without one, and ignores frames without data', () => {
    const p = new SseParser();
    expect(p.push('id: 7\nevent: a\n\nevent: b\ndata: x\n\n')).toEqual([{ id: '7', event: 'b', data: 'x' }]);
  });
});
