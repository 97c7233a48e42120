import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from './smtp-sink';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await SmtpSink.start();
});
afterAll(async () => {
  await sink.close();
});

/** One SMTP session: each command sent once the previous answer came, the answers returned. */
async function session(commands: string[]): Promise<string[]> {
  const { port } = new URL(sink.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.setEncoding('utf8');
  const answers: string[] = [];
  let pending = '';
  let next: (line: string) => void = () => undefined;
  socket.on('data', (chunk: string) => {
    pending += chunk;
    // A reply ends with a line whose code is followed by a space (continuations use a dash).
    const last = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(pending);
    if (!last) return;
    const reply = pending;
    pending = '';
    next(reply.trimEnd());
  });
  const answer = () => new Promise<string>((resolve) => (next = resolve));
  answers.push(await answer());
  for (const command of commands) {
    const reply = answer();
    socket.write(`${command}\r\n`);
    answers.push(await reply);
  }
  socket.end();
  return answers;
}

describe('the SMTP sink', () => {
  it('takes a mail in a full SMTP dialogue and keeps it, dot-stuffing undone', async () => {
    const answers = await session([
      'EHLO client.test',
      'MAIL FROM:<app@sprout.test>',
      'RCPT TO:<ada@example.com>',
      'DATA',
      'Subject: Hi\r\n\r\n..dotted\r\nbody\r\n.',
      'QUIT',
    ]);
    expect(answers.map((a) => a.slice(0, 3))).toEqual(['220', '250', '250', '250', '354', '250', '221']);
    expect(sink.received.at(-1)).toEqual({ from: 'app@sprout.test', to: ['ada@example.com'], data: 'Subject: Hi\r\n\r\n.dotted\r\nbody' });
  });

  it('refuses the next transactions it is told to with a temporary error, then takes them again', async () => {
    const before = sink.received.length;
    sink.refuse = 1;
    const refused = await session(['HELO client.test', 'MAIL FROM:<app@sprout.test>', 'QUIT']);
    expect(refused[2]).toMatch(/^451 /);
    expect(sink.refused).toBe(1);
    const taken = await session(['HELO client.test', 'MAIL FROM:<app@sprout.test>', 'RCPT TO:<b@example.com>', 'DATA', 'x\r\n.', 'QUIT']);
    expect(taken[5]).toMatch(/^250 /);
    expect(sink.received.length).toBe(before + 1);
  });
});
