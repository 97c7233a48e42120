import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

import { commaList as list } from '../config-fields';

// App functions' part of the API's configuration (config.ts parses it with the rest).

export const FUNCTIONS_ENV = {
  // host:port pairs apps' functions may reach even on a private or loopback address (tests, a
  // self-hoster's internal service); empty: public addresses only.
  FUNCTIONS_ALLOW_HOSTS: list.pipe(z.array(z.string().regex(/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'Write each as host:port.'))),
  // The keys that encrypt apps' secrets: base64 of 32 random bytes each, the first encrypting, the
  // others still opening what they encrypted (rotation). Unset: a key made once in DATA_DIR/secrets-key.
  // Every instance sharing a PostgreSQL must be given the same keys.
  SECRETS_KEY: list.pipe(
    z.array(z.string().refine((k) => Buffer.from(k, 'base64').length === 32, 'Each key is base64 of 32 bytes (openssl rand -base64 32).')),
  ),
  // Where the functions runtime keeps its sockets and bundles; default a folder in the system's temp.
  FUNCTIONS_DIR: z.string().trim().optional(),
};

type Env = z.infer<z.ZodObject<typeof FUNCTIONS_ENV>> & { DATA_DIR: string; API_PORT: number };

export interface FunctionsConfig {
  allowHosts: string[];
  /** null: the key file in the data folder. */
  secretsKeys: string[] | null;
  keyFile: string;
  dir: string;
}

export function functionsConfig(e: Env): FunctionsConfig {
  return {
    allowHosts: e.FUNCTIONS_ALLOW_HOSTS.map((h) => h.toLowerCase()),
    secretsKeys: e.SECRETS_KEY.length > 0 ? e.SECRETS_KEY : null,
    keyFile: path.resolve(e.DATA_DIR, 'secrets-key'),
    // Unix socket paths are short (108 bytes): a short folder of its own per API port.
    dir: path.resolve(e.FUNCTIONS_DIR || path.join(tmpdir(), `sprout-fn-${e.API_PORT}-${process.pid}`)),
  };
}
