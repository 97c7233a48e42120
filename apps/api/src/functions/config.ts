import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

import { commaList as list, optionalString, optionalUrl } from '../config-fields';

// App functions' part of the API's configuration (config.ts parses it with the rest).

/** The API route a separate functions runtime sends ctx.db requests to. */
export const FUNCTIONS_BRIDGE_PATH = '/internal/v1/functions/bridge';

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
  // The functions runtime as a process of its own (SPROUT_ROLE=functions, on this machine or another):
  // its address, for the other roles; empty: each API process runs functions itself.
  FUNCTIONS_URL: optionalUrl(),
  // The secret the API and a separate functions runtime present to each other (at least 32 characters).
  FUNCTIONS_TOKEN: optionalString.pipe(z.string().min(32, 'Use at least 32 characters (openssl rand -base64 32).').optional()),
  // SPROUT_ROLE=functions: the port it listens on, and where it sends functions' ctx.db requests (the
  // API's address, any instance; default API_URL).
  FUNCTIONS_PORT: z.coerce.number().int().min(1).max(65535).default(3300),
  FUNCTIONS_BRIDGE_URL: optionalUrl(),
};

type Env = z.infer<z.ZodObject<typeof FUNCTIONS_ENV>> & { DATA_DIR: string; API_PORT: number; API_URL?: string };

export interface FunctionsConfig {
  allowHosts: string[];
  /** null: the key file in the data folder. */
  secretsKeys: string[] | null;
  keyFile: string;
  dir: string;
  /** A separate runtime's address; null: in this process. */
  url: string | null;
  /** Shared with a separate runtime; null: none (in-process calls sign with a key of their own). */
  token: string | null;
  /** SPROUT_ROLE=functions: its port, and the API route its ctx.db requests go to. */
  port: number;
  bridgeUrl: string;
}

export function functionsConfig(e: Env): FunctionsConfig {
  return {
    allowHosts: e.FUNCTIONS_ALLOW_HOSTS.map((h) => h.toLowerCase()),
    secretsKeys: e.SECRETS_KEY.length > 0 ? e.SECRETS_KEY : null,
    keyFile: path.resolve(e.DATA_DIR, 'secrets-key'),
    // Unix socket paths are short (108 bytes): a short folder of its own per API port.
    dir: path.resolve(e.FUNCTIONS_DIR || path.join(tmpdir(), `sprout-fn-${e.API_PORT}-${process.pid}`)),
    url: e.FUNCTIONS_URL ? e.FUNCTIONS_URL.replace(/\/+$/, '') : null,
    token: e.FUNCTIONS_TOKEN ?? null,
    port: e.FUNCTIONS_PORT,
    bridgeUrl: `${(e.FUNCTIONS_BRIDGE_URL ?? e.API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/+$/, '')}${FUNCTIONS_BRIDGE_PATH}`,
  };
}
