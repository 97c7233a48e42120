// The next refresh token is derived from the one presented and the client's proposal, by both sides:
// the client can store it before asking (a lost answer leaves it holding a valid token), and a weak or
// repeated proposal still gives a secret, since the presented token carries the server's randomness.

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url(HMAC-SHA256(key = presented refresh token, message = proposal)): 43 characters. */
export async function deriveRefreshToken(presented: string, proposal: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(presented), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(proposal))));
}
