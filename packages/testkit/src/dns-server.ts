import dgram from 'node:dgram';

/** The records a name has, by type, as the test sets them. */
export interface DnsZone {
  TXT?: string[];
  CNAME?: string;
  A?: string[];
}

const TYPES = { A: 1, CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, 'ascii')])), Buffer.from([0])]);
}

/** The question's name and type, and where the question ends; null when the packet is not one we read. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  if (msg.length < 17) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const len = msg[at]!;
    if (len > 63 || at + 1 + len > msg.length) return null;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += 1 + len;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

function rdata(type: number, zone: DnsZone): Buffer[] {
  if (type === TYPES.TXT) return (zone.TXT ?? []).map((t) => Buffer.concat([Buffer.from([Buffer.byteLength(t)]), Buffer.from(t)]));
  if (type === TYPES.CNAME) return zone.CNAME ? [encodeName(zone.CNAME)] : [];
  if (type === TYPES.A) return (zone.A ?? []).map((ip) => Buffer.from(ip.split('.').map(Number)));
  return [];
}

/**
 * A DNS server on 127.0.0.1 (UDP) that answers A, CNAME and TXT questions from the zone the test sets
 * (`set`, `remove`): an unknown name is NXDOMAIN, a known name without the asked type has no answer,
 * as real servers do. Point a resolver at `address`.
 */
export class TestDnsServer {
  private readonly zones = new Map<string, DnsZone>();
  /** How many questions it answered: a test can see that a lookup happened. */
  questions = 0;

  private constructor(
    private readonly socket: dgram.Socket,
    readonly address: string,
  ) {
    socket.on('message', (msg, from) => {
      const answer = this.answer(msg);
      if (answer) socket.send(answer, from.port, from.address);
    });
  }

  static async start(): Promise<TestDnsServer> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    return new TestDnsServer(socket, `127.0.0.1:${socket.address().port}`);
  }

  set(name: string, zone: DnsZone): void {
    this.zones.set(name.toLowerCase(), { ...this.zones.get(name.toLowerCase()), ...zone });
  }

  remove(name: string): void {
    this.zones.delete(name.toLowerCase());
  }

  private answer(msg: Buffer): Buffer | null {
    const q = readQuestion(msg);
    if (!q) return null;
    this.questions++;
    const zone = this.zones.get(q.name);
    const answers = zone ? rdata(q.type, zone) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    // A response to a recursive query; NXDOMAIN for an unknown name.
    header.writeUInt16BE(zone ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((data) => {
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(q.type, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(1, 6);
      rr.writeUInt16BE(data.length, 10);
      return Buffer.concat([rr, data]);
    });
    return Buffer.concat([header, msg.subarray(12, q.end), ...records]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
