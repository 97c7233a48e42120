import { afterEach, expect, it, vi } from 'vitest';
import { syncServerSession } from './session-sync';

afterEach(() => vi.unstubAllGlobals());

it('sends the session calls one after another, so a sign-out answered late cannot clear the session after it', async () => {
  const sent: string[] = [];
  const answers: ((res: Response) => void)[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    sent.push(url);
    return new Promise<Response>((resolve) => answers.push(resolve));
  });
  const signOut = syncServerSession('/api/logout', null);
  const signIn = syncServerSession('/api/login', 'token');
  await vi.waitUntil(() => sent.length === 1);
  // The sign-in waits for the sign-out's answer (a macrotask turn runs every queued microtask first).
  await new Promise((r) => setImmediate(r));
  expect(sent).toEqual(['/api/logout']);
  answers[0]!(new Response(null, { status: 500 }));
  await expect(signOut).rejects.toThrow();
  await vi.waitUntil(() => sent.length === 2);
  expect(sent).toEqual(['/api/logout', '/api/login']);
  answers[1]!(Response.json({ ok: true }));
  await expect(signIn).resolves.toBeUndefined();
});

it('refuses to call without an endpoint', async () => {
  await expect(syncServerSession('', 'token')).rejects.toThrow();
});
