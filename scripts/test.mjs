#!/usr/bin/env node
// `npm test`: the static checks, the unit projects, the web build and the browser suite one after
// another, stopping at the first that fails; the reliability suite in a Vitest of its own beside
// them from the start. `npm run test:unit` (`--unit`): the unit projects with the reliability suite
// beside them. Arguments after `--unit` go to both Vitest runs (a file filter, `--reporter`).
//
// Why beside: the reliability suite runs its files one at a time and spends them waiting on the
// PostgreSQL clusters and API processes it starts (about 200 CPU-seconds in 270 s alone). After the
// other projects it added 1.5-2 minutes; beside the unit projects alone it outlasted them by about
// 80 s with the CPU mostly idle, and the browser suite waited for it. Now nothing waits for it but
// the end. (Building the web app beside the unit projects was tried: the stage grew by as much as
// the build took.) Its report is held and printed at the end, so reports do not interleave.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const unitOnly = process.argv[2] === '--unit';
const extra = unitOnly ? process.argv.slice(3) : process.argv.slice(2);
if (!unitOnly && extra.length > 0) {
  console.error('npm test takes no arguments; `npm run test:unit -- <filter>` or `npx vitest run --project <name> <filter>` run a part.');
  process.exit(2);
}

const running = new Set();

/** Runs `command` to its end; its output goes to the terminal, or is kept (`held`) for later. */
function run(name, command, args, { held = false, env = {} } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  running.add(child);
  const output = [];
  if (held) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  const job = { name, output, started: Date.now(), ended: 0, done: null };
  job.done = new Promise((resolve) => {
    child.on('error', (err) => {
      output.push(Buffer.from(`could not start ${name}: ${err.message}\n`));
      resolve(1);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      job.ended = Date.now();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
  return job;
}

const vitestArgs = (args) => [vitest, 'run', ...args, ...extra];
const seconds = (job) => `${Math.round(((job.ended || Date.now()) - job.started) / 1000)} s`;
const failures = [];
const timings = [];

/** Runs the steps one after another; stops at the first that fails. */
async function chain(steps) {
  for (const [name, command, args, env] of steps) {
    const job = run(name, command, args, { env });
    const code = await job.done;
    timings.push(`${name} ${seconds(job)}`);
    if (code !== 0) {
      failures.push(`${name} exit ${code}`);
      return;
    }
  }
}

// Stopped from the terminal: everything stops.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.forEach((child) => child.kill(signal)));

// A filter that names no reliability file leaves that side with nothing to run, which is no failure.
const reliability = run(
  'the reliability suite',
  process.execPath,
  vitestArgs(['--project', 'reliability', ...(extra.length > 0 ? ['--passWithNoTests'] : [])]),
  {
    held: true,
  },
);
const unit = ['the unit projects', process.execPath, vitestArgs([]), { SPROUT_SKIP_PROJECTS: 'e2e,reliability' }];
await chain(
  unitOnly
    ? [unit]
    : [
        ['the format check', npm, ['run', '--silent', 'format:check']],
        ['the type check', npm, ['run', '--silent', 'typecheck']],
        ['the dead-code lint', npm, ['run', '--silent', 'lint:dead']],
        unit,
        ['the web build', npm, ['run', '--silent', 'build:web']],
        ['the browser suite', process.execPath, vitestArgs(['--project', 'e2e'])],
      ],
);
const reliabilityCode = await reliability.done;
timings.push(`${reliability.name} ${seconds(reliability)} (beside the rest)`);
if (reliabilityCode !== 0) failures.push(`${reliability.name} exit ${reliabilityCode}`);
process.stdout.write(`\n--- ${reliability.name} (ran beside the rest) ---\n`);
process.stdout.write(Buffer.concat(reliability.output));
process.stdout.write(`\nstage times: ${timings.join(', ')}\n`);
if (failures.length > 0) {
  console.error(`${unitOnly ? 'test:unit' : 'npm test'} failed: ${failures.join(', ')}`);
  process.exit(1);
}
