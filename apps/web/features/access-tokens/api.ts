import type { AccessTokenScope } from '@sprout/core/contract';
import { accessTokens, createAccessToken, revokeAccessToken } from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The signed-in person's access tokens (`{api}/v1/me/tokens`): listed, made (shown once), revoked. */
export function accessTokenCalls(call: ApiCall) {
  return {
    list: () => call(accessTokens, {}),
    create: (name: string, scope: AccessTokenScope) => call(createAccessToken, { body: { name, scope } }),
    revoke: (id: string) => call(revokeAccessToken, { params: { id } }),
  };
}
