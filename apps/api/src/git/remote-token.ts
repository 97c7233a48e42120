import type { ProjectRemoteRow } from '@sprout/db';
import type { SecretBox } from '../functions/secret-box';

/** A remote's token as kept: sealed with the project's id as context (a sealed token copied to another project's row opens nothing). No token: both empty. */
export function sealRemoteToken(box: SecretBox, sproutId: string, token: string): { tokenSealed: string; tokenKeyId: string } {
  if (!token) return { tokenSealed: '', tokenKeyId: '' };
  const { sealed, keyId } = box.seal(token, sproutId);
  return { tokenSealed: sealed, tokenKeyId: keyId };
}

/** The remote's token ('' when none was given), or null when no configured key opens it (SECRETS_KEY changed). */
export function openRemoteToken(box: SecretBox, remote: Pick<ProjectRemoteRow, 'sproutId' | 'tokenSealed' | 'tokenKeyId'>): string | null {
  if (!remote.tokenSealed && !remote.tokenKeyId) return '';
  return box.open(remote.tokenSealed, remote.tokenKeyId, remote.sproutId);
}

/** What a remote whose token no key opens says, in its status. */
export const UNREADABLE_TOKEN = 'Sprout can no longer read this remote’s token (its key changed). Connect the remote again with the token.';
