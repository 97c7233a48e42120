// The Server-Sent Events wire format (WHATWG HTML §9.2), parsed incrementally. One parser for every
// reader of a run's events: the web app's stream follower, the test kit, the benchmarks.

export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * The SSE wire format, incrementally: feed it text in chunks of any size (a frame, a line or a
 * field may be split anywhere) and it returns the frames completed so far. Line ends may be
 * `\n`, `\r\n` or `\r`; comment lines (`: ping`) and unknown fields are ignored.
 */
export class SseParser {
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];
  private hasData = false;
  /** The reconnection delay the server asked for (`retry:`), in milliseconds. */
  retryMs: number | undefined;

  /** The previous chunk ended in '\r': a '\n' starting this one belongs to that line end. */
  private skipLf = false;

  push(chunk: string): SseFrame[] {
    if (this.skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.skipLf = false;
    this.buffer += chunk;
    const frames: SseFrame[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (c === 13) {
        if (i === this.buffer.length - 1) this.skipLf = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      const frame = this.line(line);
      if (frame) frames.push(frame);
    }
    this.buffer = this.buffer.slice(start);
    return frames;
  }

  private line(line: string): SseFrame | null {
    if (line === '') {
      if (!this.hasData) {
        this.event = '';
        return null;
      }
      const frame = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      this.hasData = false;
      return frame;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.data.push(value);
      this.hasData = true;
    } else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}
