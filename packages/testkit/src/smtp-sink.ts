import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body), dot-stuffing undone. */
  data: string;
}

/**
 * A mail server on 127.0.0.1 that speaks enough SMTP for a client (nodemailer) to deliver to it,
 * keeps what it receives, and refuses the next `refuse` transactions with a temporary error (451),
 * as a real server does when it is overloaded.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** Transactions refused so far. */
  refused = 0;
  /** How many of the next transactions to refuse. */
  refuse = 0;

  private constructor(
    private readonly server: net.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpSink> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sink = new SmtpSink(server, `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('connection', (socket) => sink.serve(socket));
    return sink;
  }

  private serve(socket: net.Socket): void {
    let buffer = '';
    let mail: ReceivedMail | null = null;
    let inData = false;
    const say = (line: string) => socket.write(`${line}\r\n`);
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    say('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail!.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push(mail!);
          mail = null;
          say('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') say('250-sink.test\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') say('250 OK');
        else if (verb === 'MAIL') {
          if (this.refuse > 0) {
            this.refuse--;
            this.refused++;
            say('451 4.3.0 Try again later');
          } else {
            mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [], data: '' };
            say('250 OK');
          }
        } else if (verb === 'RCPT' && mail) {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 OK');
        } else if (verb === 'DATA' && mail) {
          inData = true;
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          say('221 Bye');
          socket.end();
          return;
        } else say('503 Bad sequence of commands');
      }
    });
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}
