#!/usr/bin/env node
// `npm start`: the whole product on one machine — API (:3001, embedded database in ./data) and
// web (:3000). Builds the web app first when its sources changed. `--dev` runs both in watch mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeArgs } from '@sprout/api/node-args';
import { installationSessionSecret } from './session-secret.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');

function loadDotEnv(file) {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || m[1] in process.env) continue;
    process.env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
}
loadDotEnv(path.join(root, '.env'));
process.env.NEXT_TELEMETRY_DISABLED = '1';
// The web server refuses to start in production without a session secret: this installation's own.
if (!process.env.SESSION_SECRETS?.trim()) process.env.SESSION_SECRETS = installationSessionSecret(path.resolve(root, process.env.DATA_DIR ?? 'data'));
const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.WEB_PORT ?? '3000';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.next', 'data'].includes(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebIfStale() {
  const buildId = path.join(root, 'apps/web/.next/BUILD_ID');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/core/src')));
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= sources) return;
  console.log('[start] building the web app (first start or changed sources)…');
  const r = spawnSync('npx', ['next', 'build'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const children = [];
function run(name, cmd, args, cwd) {
  const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`[start] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    shutdown(code ?? 1);
  });
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForApi() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${apiPort}/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The API did not become healthy within 2 minutes.');
}

// Checked before anything starts: a bad API_MAX_HEAP_MB is a configuration error, said plainly.
let apiArgs;
try {
  apiArgs = apiNodeArgs();
} catch (err) {
  console.error(`[start] ${err.message}`);
  process.exit(1);
}
if (!dev) buildWebIfStale();
run('api', process.execPath, [...apiArgs, '--import', 'tsx', ...(dev ? ['--watch'] : []), 'apps/api/src/main.ts'], root);
await waitForApi();
run('web', 'npx', ['next', dev ? 'dev' : 'start', '-p', webPort], path.join(root, 'apps/web'));
console.log(`[start] Sprout is running: web http://localhost:${webPort}  api http://localhost:${apiPort}`);
