// The baseline of the web benchmark: an empty Next.js app (one server-rendered page, no client
// components), built and started with the same Next and React versions in the same run. Its
// first-load JavaScript is what the framework alone ships (React, React DOM, the App Router
// runtime): no page of ours can weigh less, so each page's figure is shown beside it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startServer, type ServerProcess } from '@sprout/testkit';
import { BENCH_DIR, ROOT } from './summary';
import { nextBuild } from './web-build';

// Inside the repository (bench/results/ is not committed) so `next` and `react` resolve from its node_modules.
const DIR = path.join(BENCH_DIR, 'results', 'next-baseline');

const FILES: Record<string, string> = {
  'app/layout.jsx': `export default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n`,
  'app/page.jsx': `export const dynamic = 'force-dynamic';\n\nexport default function Page() {\n  return <h1>Hello</h1>;\n}\n`,
};

/** Builds the empty app, starts it, hands its URL to `fn`, then stops it and removes it. */
export async function withNextBaseline<T>(fn: (url: string) => Promise<T>): Promise<T> {
  rmSync(DIR, { recursive: true, force: true });
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(DIR, name)), { recursive: true });
    writeFileSync(path.join(DIR, name), content);
  }
  const url = `http://127.0.0.1:${await freePort()}`;
  let server: ServerProcess | undefined;
  try {
    await nextBuild(DIR, '.next');
    server = await startServer({
      name: 'the baseline Next app',
      command: process.execPath,
      args: [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', new URL(url).port],
      cwd: DIR,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '.next' },
      readyUrl: url,
      readyStatus: 200,
    });
    return await fn(url);
  } finally {
    await server?.stop();
    rmSync(DIR, { recursive: true, force: true });
  }
}
