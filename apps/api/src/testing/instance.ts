import { createDb, type DbHandle } from '@sprout/db';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { shutdownWithin } from '../shutdown';

export interface ApiInstance {
  url: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  db: DbHandle;
  /** Closes the app, then its database pool, the way the API shuts down: past `limitMs` the stuck step is named. */
  close(limitMs: number): ReturnType<typeof shutdownWithin>;
}

/**
 * One API instance in this process, listening on a free port of 127.0.0.1, on its own pool to the
 * PostgreSQL database `databaseUrl` (several instances on one database are what several servers
 * are). Pool errors are left to the queries that meet them: tests stop the database under it.
 */
export async function listenApiInstance(databaseUrl: string, env: Record<string, string>): Promise<ApiInstance> {
  const db = await createDb({ databaseUrl, onPoolError: () => undefined });
  const config = loadConfig({ PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    app,
    db,
    close: (limitMs) =>
      shutdownWithin(limitMs, [
        { name: 'closing the API', run: () => app.close() },
        { name: 'closing its database pool', run: () => db.close() },
      ]),
  };
}
