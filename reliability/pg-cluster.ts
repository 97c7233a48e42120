import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { freePort } from '@sprout/testkit';

const run = promisify(execFile);

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(path.join(root, d, 'bin', 'pg_ctl'))) : [];
  if (majors.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql).');
  return path.join(root, majors.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

export interface PgCluster {
  port: number;
  /** A connection string for `database` (created with createDatabase). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server: 'immediate' is a crash (no shutdown checkpoint, WAL recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster in a temp directory on a free port, for tests that stop and start
 * the server (never the shared one on 5432). initdb refuses root, so as root it runs as `postgres`.
 */
export async function startCluster(): Promise<PgCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'sprout-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const cmd = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  await cmd('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // fsync off: a process crash keeps the page cache, so committed writes survive an immediate stop
  // (what the tests do) — only a machine crash could lose them. synchronous_commit stays on.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB`;
  const start = async () => {
    await cmd('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop(mode = 'fast') {
      await cmd('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    start,
    async destroy() {
      try {
        await cmd('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch (err) {
        // Already stopped (a test stopped it): nothing to stop.
        if (!/not running|No such file|does not exist/i.test(String((err as { stderr?: string }).stderr ?? err))) throw err;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The settings every API instance of a multi-instance test shares, as behind one load balancer:
 * a database of `cluster` named `name`, the fake model at `modelUrl` (no retries), 6-second run
 * leases, one public API URL (the token issuer) and one preview and sites domain for all. A lease is
 * renewed every third of its length: 3 s left a live instance starved by other work 2 s to renew
 * before the other may end its run as interrupted (a run failed so once, with both cores loaded).
 */
export async function balancedInstanceEnv(cluster: PgCluster, name: string, modelUrl: string): Promise<Record<string, string>> {
  return {
    DATABASE_URL: await cluster.createDatabase(name),
    SPROUT_MODEL: `openai-compatible:${modelUrl}#m`,
    MODEL_MAX_RETRIES: '0',
    RUN_LEASE_SECONDS: '6',
    API_URL: `http://api.${name}.test`,
    WEB_URL: `http://app.${name}.test`,
    PREVIEW_DOMAIN: `preview.${name}.test`,
    SITES_DOMAIN: `sites.${name}.test`,
  };
}
