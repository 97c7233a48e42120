import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';
import { waitUntil } from './wait';

export const CADDY = '/usr/bin/caddy';

export interface RunningCaddy {
  /** Caddy's HTTPS port on 127.0.0.1: ask it for a name by SNI (and Host). */
  httpsPort: number;
  /** The root certificate of Caddy's internal CA, which issues its on-demand certificates. */
  rootCa: Buffer;
  stop(): Promise<void>;
}

/**
 * Caddy (Debian's package) in front of `upstream` (`host:port`) with on-demand TLS from its internal
 * CA, asking `askUrl` before it issues a certificate for a name: the setup the runbook describes,
 * on free ports, with its state in a temporary directory. Ready when it says it serves its
 * configuration and its TLS port takes connections.
 */
export async function startCaddy({ upstream, askUrl }: { upstream: string; askUrl: string }): Promise<RunningCaddy> {
  if (!existsSync(CADDY)) throw new Error(`Caddy is not installed at ${CADDY} (apt-get install -y caddy; .ci/run does it)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'sprout-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const caddyfile = `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${dir}/storage
	skip_install_trust
	on_demand_tls {
		ask ${askUrl}
	}
}
https:// {
	tls internal {
		on_demand
	}
	reverse_proxy ${upstream}
}
`;
  await writeFile(path.join(dir, 'Caddyfile'), caddyfile);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  const caddy = spawn(CADDY, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  caddy.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  caddy.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const gone = new Promise<void>((resolve) => caddy.once('exit', () => resolve()));
  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) {
      caddy.kill('SIGTERM');
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(httpsPort, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
  try {
    await Promise.race([
      gone.then(() => {
        throw new Error(`caddy exited (${caddy.exitCode}):\n${log}`);
      }),
      waitUntil(async () => log.includes('serving initial configuration') && (await listening()), { what: 'Caddy to listen', timeout: 30_000 }),
    ]);
    return { httpsPort, rootCa: await readFile(path.join(dir, 'storage/pki/authorities/local/root.crt')), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
