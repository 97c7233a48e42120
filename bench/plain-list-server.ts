// The baseline of bench/api.ts: GET /v1/sprouts as someone would write it with nothing but Fastify,
// jose and the database driver — the same work as the API's route, none of the API around it:
//  - the same token check: the bearer token's ES256 signature verified with the API's signing keys
//    (read from signing_keys at start), issuer and audience checked, and verified tokens kept until
//    they expire, as the API's TokenService keeps them (a repeated token costs a map lookup);
//  - the same statement: the person with their plan and their projects in one query
//    (packages/db/src/queries/user-with-sprouts.ts), then the same refusals (no such person, token
//    issued before the person's "tokens valid after") and the same JSON (the contract's Sprout).
// No hooks, no schemas, no logging. PostgreSQL through pg, or a copy of the API's embedded database.
// Usage: plain-list-server.ts <port> <issuer> (postgres <url> | pglite <data dir>)
import Fastify from 'fastify';
import { decodeProtectedHeader, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import pg from 'pg';

const [port, issuer, kind, target] = process.argv.slice(2);
if (!port || !issuer || (kind !== 'postgres' && kind !== 'pglite') || !target) throw new Error('usage: <port> <issuer> (postgres <url> | pglite <dir>)');

type Query = <R>(text: string, params: unknown[]) => Promise<R[]>;
async function connect(): Promise<{ query: Query; close: () => Promise<void> }> {
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: target });
  return { query: async <R>(text: string, params: unknown[]) => (await db.query<R>(text, params)).rows, close: () => db.close() };
}
const db = await connect();

const keys = new Map<string, CryptoKey>();
for (const row of await db.query<{ kid: string; alg: string; public_jwk: JWK }>('select kid, alg, public_jwk from signing_keys', [])) {
  keys.set(row.kid, (await importJWK(row.public_jwk, row.alg)) as CryptoKey);
}

const verified = new Map<string, { sub: string; issuedAt: number; expiresAt: number }>();
async function verify(token: string): Promise<{ sub: string; issuedAt: number } | null> {
  const hit = verified.get(token);
  if (hit && hit.expiresAt > Date.now()) return hit;
  try {
    const key = keys.get(decodeProtectedHeader(token).kid ?? '');
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, { issuer, audience: 'sprout', algorithms: ['ES256'] });
    if (payload.token_use !== 'id' || !payload.sub || typeof payload.exp !== 'number') return null;
    const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    const entry = { sub: payload.sub, issuedAt, expiresAt: payload.exp * 1000 };
    if (verified.size >= 10_000) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
    return entry;
  } catch {
    return null;
  }
}

const COLUMNS: [string, string][] = [
  ['id', 'id'],
  ['ownerId', 'owner_id'],
  ['displayName', 'display_name'],
  ['nameOrigin', 'name_origin'],
  ['isDeploymentEnabled', 'is_deployment_enabled'],
  ['publicUrl', 'public_url'],
  ['isPinned', 'is_pinned'],
  ['shareEnabled', 'share_enabled'],
  ['currentVersionId', 'current_version_id'],
  ['slug', 'slug'],
  ['activeDeploymentId', 'active_deployment_id'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
  ['deletedAt', 'deleted_at'],
];
// The list's picture of each project: the screenshot of its newest version that has one.
const THUMBNAIL = `(select sc.id from screenshots sc join versions v on v.id = sc.id where v.sprout_id = p.id order by v.number desc limit 1)`;
const USER_WITH_SPROUTS = `select u.id, u.email, u.password_hash, u.display_name, u.email_verified, u.photo_url, u.phone_number,
    u.tenant_id, u.roles, u.tokens_valid_after, u.created_at, u.updated_at,
    case when s.pending_tier_type is not null and s.current_period_end <= now() then s.pending_tier_type
      else coalesce(s.tier_type, 'free') end as tier,
    coalesce((
      select json_agg(json_build_object(${COLUMNS.map(([k, c]) => `'${k}', p.${c}`).join(', ')}, 'thumbnailId', ${THUMBNAIL})
        order by p.is_pinned desc, p.updated_at desc, p.created_at desc)
      from sprouts p where p.owner_id = u.id and p.deleted_at is null
    ), '[]'::json) as projects
  from users u left join subscriptions s on s.user_id = u.id where u.id = $1 limit $2`;

interface Project {
  id: string;
  displayName: string;
  isDeploymentEnabled: boolean;
  publicUrl: string | null;
  isPinned: boolean;
  shareEnabled: boolean;
  currentVersionId: string | null;
  thumbnailId: string | null;
  createdAt: string;
  updatedAt: string;
}

const unauthorized = { error: { code: 'invalid_token', message: 'Your sign-in token is not valid. Please sign in again.' } };
const app = Fastify({ logger: false });
app.get('/v1/sprouts', async (req, reply) => {
  const token = /^Bearer[ ]+([^\s]+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const claims = token ? await verify(token) : null;
  if (!claims) return reply.status(401).send(unauthorized);
  const [row] = await db.query<{ tokens_valid_after: Date | null; projects: Project[] }>(USER_WITH_SPROUTS, [claims.sub, 1]);
  if (!row || (row.tokens_valid_after !== null && claims.issuedAt < row.tokens_valid_after.getTime())) return reply.status(401).send(unauthorized);
  return row.projects.map((p) => ({
    id: p.id,
    displayName: p.displayName,
    isDeploymentEnabled: p.isDeploymentEnabled,
    publicUrl: p.publicUrl,
    isPinned: p.isPinned,
    published: p.isDeploymentEnabled && !!p.publicUrl,
    shareEnabled: p.shareEnabled,
    currentVersionId: p.currentVersionId,
    thumbnailId: p.thumbnailId,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  }));
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void Promise.all([app.close(), db.close()]).then(() => process.exit(0)));
