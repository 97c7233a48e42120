#!/usr/bin/env node
// `npm run test:unit`: every project but the browser suite, in two Vitest processes side by side.
// The reliability suite runs its files one at a time and spends them waiting on the PostgreSQL
// clusters and API processes it starts; after the other projects it added 1.5-2 minutes to the
// stage (its own run, and the pause while Vitest switched from the shared workers to isolated
// ones), beside them it costs about nothing. (Building the web app beside them too was tried: the
// stage grew by as much as the build took.) What runs beside is held and printed after the rest,
// so reports do not interleave. Arguments go to both Vitest runs (a file filter, `--reporter`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const extra = process.argv.slice(2);

/** Starts `command`; its output goes to the terminal, or is kept (`held`) to be printed later. */
function start(name, command, args, { held, env = {} }) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  const output = [];
  if (held) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  const done = new Promise((resolve) => {
    child.on('error', (err) => {
      output.push(Buffer.from(`could not start ${name}: ${err.message}\n`));
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { name, child, output, done };
}

const vitestRun = (args) => [vitest, 'run', ...args, ...extra];
// A filter that names no reliability file leaves that side with nothing to run, which is no failure.
const reliability = start(
  'the reliability suite',
  process.execPath,
  vitestRun(['--project', 'reliability', ...(extra.length > 0 ? ['--passWithNoTests'] : [])]),
  {
    held: true,
  },
);
const rest = start('the unit projects', process.execPath, vitestRun([]), { held: false, env: { SPROUT_SKIP_PROJECTS: 'e2e,reliability' } });
const all = [rest, reliability];
// Stopped from the terminal: both stop.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => all.forEach((job) => job.child.kill(signal)));

const codes = [];
for (const job of all) codes.push(await job.done);
process.stdout.write(`\n--- ${reliability.name} (ran beside the projects above) ---\n`);
process.stdout.write(Buffer.concat(reliability.output));
if (codes.some((c) => c !== 0)) {
  console.error(`test:unit failed: ${all.map((job, i) => `${job.name} exit ${codes[i]}`).join(', ')}`);
  process.exit(1);
}
