import { mkdir, rm } from 'node:fs/promises';
import { startRuntimeHost, type RuntimeHost } from '@sprout/functions';
import type { Config } from '../config';
import { sproutHosts } from './app-functions';

/**
 * SPROUT_ROLE=functions: only the apps' functions runtime, for the API's other roles to call at
 * FUNCTIONS_URL. No database and no other work: a function's data requests go back to the API
 * (FUNCTIONS_BRIDGE_URL), so this process can sit on a machine of its own.
 */
export async function startFunctionsHost(config: Config, log: (line: string) => void): Promise<RuntimeHost> {
  const { dir, allowHosts, token, port, bridgeUrl } = config.functions;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return startRuntimeHost({ dir, allowedHosts: allowHosts, blockedHosts: sproutHosts(config), token: token!, bridgeUrl, port, host: config.host, log });
}

/** The process of that role: serves until SIGTERM or SIGINT, then stops every app's process. */
export async function runFunctionsHost(config: Config): Promise<void> {
  const log = (line: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: line }));
  const host = await startFunctionsHost(config, log);
  const stop = async (signal: string) => {
    log(`functions runtime: ${signal}, stopping`);
    await host.close();
    await rm(config.functions.dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  log(`Sprout functions runtime on ${host.url} (ctx.db through ${config.functions.bridgeUrl})`);
}
