import { AccessTokenList, CreateAccessTokenBody, CreatedAccessToken } from '../access-tokens';
import { idParams } from '../common';
import { endpoint } from '../endpoint';

/** The signed-in person's personal access tokens, the password git asks for (docs/architecture.md, Git access). */
export const ACCESS_TOKEN_ENDPOINTS = {
  accessTokens: endpoint('accessTokens', { tag: 'account', reply: { status: 200, schema: AccessTokenList }, errors: [] }),
  createAccessToken: endpoint('createAccessToken', {
    tag: 'account',
    body: CreateAccessTokenBody,
    reply: { status: 201, schema: CreatedAccessToken },
    errors: ['too_many_tokens'],
  }),
  revokeAccessToken: endpoint('revokeAccessToken', { tag: 'account', params: idParams('token'), reply: { status: 204, kind: 'empty' }, errors: [] }),
} as const;
