import { createDb } from '@sprout/db';
import { loadConfig } from './config';
import { buildApp } from './app';
import { shutdownWithin } from './shutdown';
import { drainInstance } from './health/drain';
import { runFunctionsHost } from './functions/host';

const config = loadConfig();
// Only the apps' functions runtime (for the other roles at FUNCTIONS_URL): no database, no routes.
if (config.role === 'functions') await runFunctionsHost(config);
else await runApi();

async function runApi(): Promise<void> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    onPoolError: (err) => console.error('database connection error:', err.message),
  });
  const app = await buildApp({ config, db });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A deploy's stop lets running replies finish first; Ctrl-C means now.
    if (signal === 'SIGTERM') await drainInstance(app.services, config.shutdownDrainSeconds * 1000);
    const result = await shutdownWithin(config.shutdownTimeoutSeconds * 1000, [
      { name: 'closing the server and aborting runs', run: () => app.close() },
      { name: 'closing the database', run: () => db.close() },
    ]);
    if (!result.ok) app.log.error({ err: result.error, step: result.stuck }, `shutdown did not finish (${result.stuck}); exiting anyway`);
    process.exit(result.ok ? 0 : 1);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Prebundle the starter's packages now (once per machine: they are kept on disk), not on the first preview.
  app.services.previews.warmUp().catch((err: unknown) => app.log.warn({ err }, 'could not prebundle preview packages'));
  // Without Chromium every version goes live unchecked: say so once, with how to fix it (on the roles that check).
  if (config.renderCheck.enabled && (config.role === 'all' || config.role === 'check-worker')) {
    const chromium = await app.services.chromium.probe();
    if (!chromium.ok)
      app.log.warn(
        `Render checks are skipped: Chromium is not installed on the server (looked for ${config.renderCheck.chromiumPath}). Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH to your Chromium; RENDER_CHECK=off turns the checks off.`,
      );
  }
  app.log.info(`Sprout API on ${config.apiUrl} (database: ${db.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`);
}
