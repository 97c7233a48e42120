// The baseline of bench/load.ts: a raw Fastify route with nothing in front of it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
