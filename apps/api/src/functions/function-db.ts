import { z } from 'zod';
import { appDataLimits, DATA_RULES_PATH, parseDataRules } from '@sprout/core';
import { getVersionFileText } from '@sprout/db';
import type { AppContext } from '../app-backend/app-request';
import { addDocument, getDocument, listDocuments, removeDocument, updateDocument } from '../app-backend/documents';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { CallGrant } from './call-grants';

const Name = z.string().min(1).max(64);
const Id = z.string().min(1).max(64);
const Doc = z.record(z.string(), z.unknown());
const Query = z
  .object({
    where: z.record(z.string(), z.unknown()).optional(),
    orderBy: z.string().max(64).optional(),
    desc: z.boolean().optional(),
    limit: z.number().int().optional(),
    after: z.string().max(2000).nullable().optional(),
  })
  .default({});

const DbRequest = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), collection: Name, data: Doc }),
  z.object({ op: z.literal('get'), collection: Name, id: Id }),
  z.object({ op: z.literal('list'), collection: Name, query: Query }),
  z.object({ op: z.literal('update'), collection: Name, id: Id, data: Doc }),
  z.object({ op: z.literal('remove'), collection: Name, id: Id }),
]);

/** The app context of a function's data requests: the project owner, under the version's rules' shapes. */
async function ownerContext(s: Services, grant: CallGrant): Promise<AppContext> {
  const candidate = s.candidateRules.of(grant.versionId);
  const rules = candidate
    ? parseDataRules(candidate.text)
    : await s.appCaches.rulesOf(grant.versionId, () => getVersionFileText(s.db, grant.versionId, DATA_RULES_PATH));
  if (!rules.ok)
    throw new AppError(503, 'rules_invalid', `This app's data rules (${DATA_RULES_PATH}) have mistakes, so its data is closed until they are fixed.`);
  return {
    kind: grant.scope.dataset === 'live' ? 'site' : 'preview',
    scope: grant.scope,
    origin: grant.origin,
    rules: rules.rules,
    limits: appDataLimits(grant.tier),
    // Trusted code: it acts as the owner, whom rules do not limit.
    actor: { visitorId: `function:${grant.name}`, userId: null, owner: true },
    ownerId: grant.ownerId,
    address: 'function',
    versionId: grant.versionId,
    tier: grant.tier,
  };
}

async function run(s: Services, ctx: AppContext, r: z.infer<typeof DbRequest>): Promise<unknown> {
  switch (r.op) {
    case 'add':
      return addDocument(s, ctx, r.collection, r.data);
    case 'get':
      return getDocument(s, ctx, r.collection, r.id);
    case 'list': {
      const { where, desc, limit, ...rest } = r.query;
      const input = {
        ...rest,
        where: where && JSON.stringify(where),
        desc: desc === undefined ? undefined : String(desc),
        limit: limit === undefined ? undefined : String(limit),
      };
      return listDocuments(s, ctx, r.collection, input);
    }
    case 'update':
      return updateDocument(s, ctx, r.collection, r.id, r.data);
    case 'remove':
      await removeDocument(s, ctx, r.collection, r.id);
      return null;
  }
}

/** Answers a function's ctx.db request (the runtime's bridge), as the app's backend answers its pages. */
export async function answerFunctionDb(s: Services, grant: CallGrant, request: unknown): Promise<{ status: number; body: unknown }> {
  const parsed = DbRequest.safeParse(request);
  if (!parsed.success) return { status: 400, body: { code: 'invalid_request', message: 'This data request is not valid.' } };
  try {
    return { status: 200, body: { result: await run(s, await ownerContext(s, grant), parsed.data) } };
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, body: { code: err.code, message: err.message } };
    s.log.error({ err }, 'a function data request failed');
    return { status: 500, body: { code: 'internal', message: 'The data request failed.' } };
  }
}
