// The baseline of bench/app-backend.ts: the same list query in a plain Fastify + pg route, no rules,
// no cookies, no checks: what the database and the framework cost on their own.
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl, sproutId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const app = Fastify({ logger: false });
app.get('/list/:collection', async (req) => {
  const { collection } = req.params as { collection: string };
  const { rows } = await pool.query(
    `select id, data, created_by, created_at, updated_at from app_documents
     where sprout_id = $1 and dataset = 'live' and collection = $2 order by created_at, id limit 51`,
    [sproutId, collection],
  );
  return { data: rows.slice(0, 50).map((r) => ({ ...r.data, id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, createdBy: r.created_by })) };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void Promise.all([app.close(), pool.end()]).then(() => process.exit(0)));
