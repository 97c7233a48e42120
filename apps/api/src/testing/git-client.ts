import type { TestApp } from './test-app';

/** A new access token of the signed-in person `idToken`. */
export async function accessToken(t: TestApp, idToken: string, scope: 'read' | 'write' = 'write', name = 'test'): Promise<{ id: string; token: string }> {
  const res = await t.api('POST', '/v1/me/tokens', { token: idToken, body: { name, scope } });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The clone address of a project with a token in it, as a person pastes it. */
export const cloneUrl = (base: string, sproutId: string, token: string) => `${base.replace('://', `://x:${token}@`)}/git/${sproutId}.git`;
