import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface RefUpdate {
  oldId: string;
  newId: string;
  ref: string;
}

/** What the pre-receive hook sends: the ref updates and where git keeps the pushed objects meanwhile. */
export interface HookRequest {
  updates: RefUpdate[];
  objectDirectory: string | null;
  alternates: string | null;
  quarantine: string | null;
}

export type HookAnswer = { ok: true; message?: string } | { ok: false; message: string };

const MAX_REQUEST = 64 * 1024;
const OID = /^[0-9a-f]{40}$/;

function parse(text: string, secret: string): HookRequest | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const given = Buffer.from(typeof b.secret === 'string' ? b.secret : '');
  const expected = Buffer.from(secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!Array.isArray(b.updates) || b.updates.length > 100) return null;
  const updates = b.updates.filter(
    (u): u is RefUpdate => typeof u === 'object' && u !== null && OID.test(u.oldId) && OID.test(u.newId) && typeof u.ref === 'string',
  );
  if (updates.length !== b.updates.length) return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return { updates, objectDirectory: str(b.objectDirectory), alternates: str(b.alternates), quarantine: str(b.quarantine) };
}

/**
 * Listens, for the length of one push, for its pre-receive hook (pre-receive-hook.mjs) on a Unix
 * socket in a folder only this process's user can enter, and answers it with `decide`. The socket's
 * path and a one-time secret reach the hook through the environment of the git processes of this
 * push alone; anything else that connects is answered with a refusal.
 */
export async function listenForPushHook(decide: (request: HookRequest) => Promise<HookAnswer>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'sprout-hook-'));
  const socketPath = path.join(dir, 'hook.sock');
  const secret = randomBytes(32).toString('hex');
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('error', () => undefined);
    socket.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_REQUEST) socket.destroy();
      else chunks.push(d);
    });
    socket.on('end', () => {
      const request = parse(Buffer.concat(chunks).toString('utf8'), secret);
      const answer: Promise<HookAnswer> = request ? decide(request) : Promise.resolve({ ok: false, message: 'Pushes are taken only through Sprout.' });
      void answer
        .catch((): HookAnswer => ({ ok: false, message: 'Sprout could not check this push. Please try again.' }))
        .then((a) => socket.end(JSON.stringify(a)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return {
    env: { SPROUT_HOOK_SOCKET: socketPath, SPROUT_HOOK_SECRET: secret },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
