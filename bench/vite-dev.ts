// The baseline of "one-file edit → server work": what Vite's dev server does for the same edit in
// the exported project (its own vite.config.ts: React with Fast Refresh, Tailwind) — transform the
// edited module again and regenerate the stylesheet that scans it, as its watcher makes it do before
// the browser fetches the update. Runs inside the project, with the project's own Vite.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const SCRIPT = `import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'vite';
const runs = Number(process.argv[2]);
const app = 'client/src/App.tsx';
const original = readFileSync(app, 'utf8');
// The same one-line edit as ours (a new Tailwind class and a new export), named apart from the
// exports bench/preview.ts's own edits left in the file.
const edit = (i) => original.replace('min-h-screen', 'min-h-screen mt-[' + (i + 1) + 'px]') + '\\nexport const devEdit' + i + ' = ' + i + ';\\n';
const server = await createServer({ logLevel: 'silent', server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom' });
const urls = ['/src/App.tsx', '/src/index.css'];
const update = async () => {
  for (const url of urls) {
    const m = await server.moduleGraph.getModuleByUrl(url);
    if (m) server.moduleGraph.invalidateModule(m);
  }
  for (const url of urls) await server.transformRequest(url);
};
const times = [];
try {
  // Warm: plugins loaded, Babel and Tailwind compiled once.
  writeFileSync(app, edit(1000));
  await update();
  for (let i = 0; i < runs; i++) {
    writeFileSync(app, edit(i));
    const started = performance.now();
    await update();
    times.push(performance.now() - started);
  }
} finally {
  writeFileSync(app, original);
  await server.close();
}
process.stdout.write(JSON.stringify(times));
`;

/** Milliseconds per edit in Vite's dev server, for `runs` edits of App.tsx, in the exported project at `dir`. */
export async function viteDevEdits(dir: string, runs: number, env: NodeJS.ProcessEnv): Promise<number[]> {
  const file = path.join(dir, 'bench-vite-dev.mjs');
  await writeFile(file, SCRIPT);
  const { stdout } = await run(process.execPath, [file, String(runs)], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as number[];
}
