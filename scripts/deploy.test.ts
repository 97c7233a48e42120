import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { API_ENTRY, ROOT } from '@sprout/testkit';
import { apiNodeArgs } from '@sprout/api/node-args';
import { loadConfig } from '@sprout/api/testing';

// Containers cannot be started on the machines the tests run on, so the image and the compose file
// are checked here instead: their processes are started by the very commands the tests start, and
// every process's settings pass the API's own configuration check as production would read them.
const compose = parse(readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; depends_on?: unknown; stop_grace_period?: string; image?: string }>;
};
const dockerfile = readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8');
const documented = new Set([...readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

/** Compose's interpolation as an operator who set only SESSION_SECRETS gets it: `${X:-default}` → default. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback).replace(/\$\{SESSION_SECRETS:\?[^}]*\}/g, 'a'.repeat(64));
}

/** A service's environment as the process sees it: the image's ENV lines, then the service's own. */
function processEnv(name: string): Record<string, string> {
  const image = Object.fromEntries([...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=(\S+?)(?:\s*\\)?$/gm)].map((m) => [m[1]!, m[2]!]));
  const own = Object.fromEntries(Object.entries(compose.services[name]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
  return { ...image, ...own };
}

const apiCommand = ['node', ...apiNodeArgs({}), ...API_ENTRY];

describe('the container image and the compose file', () => {
  it('start the API by the command the tests start it with', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(JSON.parse(cmd![1]!)).toEqual(apiCommand);
    expect(compose.services.api!.command).toEqual(apiCommand);
    expect(compose.services['run-worker']!.command).toEqual(apiCommand);
    expect(compose.services['check-worker']!.command).toEqual(apiCommand);
    expect(compose.services.web!.command).toEqual(['npx', 'next', 'start', '-p', '3000']);
  });

  it('give each API process settings the API accepts in production, in its role, on the shared services', () => {
    for (const [name, role] of [
      ['api', 'api'],
      ['run-worker', 'run-worker'],
      ['check-worker', 'check-worker'],
    ] as const) {
      const env = processEnv(name);
      expect(env.NODE_ENV).toBe('production');
      const config = loadConfig(env);
      expect(config).toMatchObject({ role, databaseUrl: 'postgres://sprout:sprout@postgres:5432/sprout', redisUrl: 'redis://redis:6379' });
      expect(config.fileStore).toMatchObject({ kind: 's3', bucket: 'sprout', endpoint: 'http://minio:9000' });
      // A replaced container is given the time to drain and close.
      const grace = Number(/^(\d+)s$/.exec(compose.services[name]!.stop_grace_period ?? '')?.[1]);
      expect(grace).toBeGreaterThan(config.shutdownDrainSeconds + config.shutdownTimeoutSeconds);
    }
  });

  it('set only variables .env.example documents, and name only services it defines', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.image?.startsWith('sprout')) for (const key of Object.keys(service.environment ?? {})) expect(documented, `${name}: ${key}`).toContain(key);
      const needs = Array.isArray(service.depends_on) ? service.depends_on : Object.keys((service.depends_on as object | undefined) ?? {});
      for (const other of needs) expect(Object.keys(compose.services), `${name} depends on ${other}`).toContain(other);
    }
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'FILE_STORE', 'SPROUT_ROLE']) expect(documented).toContain(key);
  });
});
