// npm run bench:verified — the budget of a verified version: from the model's last chunk to a
// VERIFIED version (built, opened in the server's Chromium, its behaviour check passed, committed)
// for a 20-file app, and to its candidate preview (built and announced, what the page can show
// while the server checks it). The real pipeline: the API in-process (PGlite), a fake
// OpenAI-compatible model answering a 20-file app with one behaviour check, Debian's Chromium. The
// baseline in the same run: the same answer with the render check turned off (what verification
// adds). Times come from the run's own events: the last file.delta (the engine has the model's last
// chunk) to preview.candidate and to version.created.
import { createTestApp, type TestApp } from '@sprout/api/testing';
import type { RunEvent } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { ApiClient, followRun } from '@sprout/testkit';
import { isMain, median, ms, percentile, runs, SHORT, type Row } from './summary';

const FILES = 20;

function twentyFileAnswer(run: number): string {
  const parts = Array.from({ length: FILES - 1 }, (_, i) => `Part${i + 1}`);
  const component = (name: string) =>
    `export function ${name}() {\n  return (\n    <section className="rounded border p-3">\n      <h2 className="font-semibold">${name}</h2>\n      <p className="text-sm text-muted-foreground">Section ${name} of run ${run}.</p>\n    </section>\n  );\n}\n`;
  const app = `import { useState } from 'react';\n${parts.map((p) => `import { ${p} } from './components/${p}';`).join('\n')}\n\nexport default function App() {\n  const [count, setCount] = useState(0);\n  return (\n    <main className="grid gap-3 p-6">\n      <h1 className="text-2xl font-bold">Verified app ${run}</h1>\n      <button type="button" onClick={() => setCount(count + 1)}>Add one</button>\n      <p>Count: {count}</p>\n${parts.map((p) => `      <${p} />`).join('\n')}\n    </main>\n  );\n}\n`;
  const check = JSON.stringify({
    name: 'Adding one counts',
    steps: [
      { do: 'click', target: { role: 'button', name: 'Add one' } },
      { do: 'expectText', text: 'Count: 1' },
    ],
  });
  const write = (path: string, content: string) => `<sprout-write path="${path}">\n${content}</sprout-write>\n`;
  return [
    'Here is your app.',
    write('client/src/App.tsx', app),
    ...parts.map((p) => write(`client/src/components/${p}.tsx`, component(p))),
    write('checks/count.json', `${check}\n`),
    '<sprout-summary>Built a twenty-file app</sprout-summary>',
  ].join('\n');
}

export interface VerifiedBench {
  /** Last chunk → version.created with the render and behaviour checks (median, p95). */
  verifiedMs: number;
  verifiedP95Ms: number;
  /** Last chunk → preview.candidate: the candidate can be shown (median, p95). */
  candidateMs: number;
  candidateP95Ms: number;
  /** Baseline: last chunk → version.created with RENDER_CHECK=off (median). */
  uncheckedMs: number;
  /** Runs that did not end with a version whose check passed. */
  failures: string[];
}

const at = (e: RunEvent | undefined) => (e ? Date.parse(e.at) : NaN);

async function measure(renderCheck: 'on' | 'off', n: number, failures: string[]) {
  const fake = await FakeModelServer.start('openai');
  let t: TestApp | null = null;
  try {
    t = await createTestApp({
      SPROUT_MODEL: `openai-compatible:${fake.url}#bench`,
      MODEL_MAX_RETRIES: '0',
      RENDER_CHECK: renderCheck,
      LOG_LEVEL: 'warn',
      STAFF_EMAILS: 'bench@verified.test',
    });
    const api = new ApiClient(await t.listen());
    const person = await api.register({ email: 'bench@verified.test' });
    const token = person.idToken;
    const verified: number[] = [];
    const candidate: number[] = [];
    // One warm-up run (Chromium starts, vendor files built), then the measured ones.
    for (let i = 0; i <= n; i++) {
      const project = (await api.call<{ id: string }>('POST', '/v1/sprouts', { token, body: {} })).json;
      fake.reply({ text: twentyFileAnswer(i) });
      const sent = (await api.call<{ runId: string }>('POST', `/build/v1/sprouts/${project.id}/messages`, { token, body: { text: `app ${i}` } })).json;
      const { events } = await followRun(api.url, token, sent.runId);
      const last = at(events.filter((e) => e.type === 'file.delta').at(-1));
      const created = events.find((e) => e.type === 'version.created');
      const checks = events.filter((e) => e.type === 'check.result').at(-1);
      const passed = renderCheck === 'off' || (checks?.type === 'check.result' && checks.data.behaviour?.every((c) => c.ok) === true);
      if (!created || !passed) failures.push(`${renderCheck} run ${i}: ${events.at(-1)?.type} ${JSON.stringify(checks?.data ?? null).slice(0, 300)}`);
      if (process.env.BENCH_VERBOSE)
        for (const e of events.filter((x) => !x.type.endsWith('.delta')))
          console.log(
            `    ${renderCheck} ${i} ${String(at(e) - last).padStart(6)} ms ${e.type} ${e.type === 'check.result' ? JSON.stringify(e.data.render) : ''}`,
          );
      if (i === 0) continue;
      verified.push(at(created) - last);
      candidate.push(at(events.find((e) => e.type === 'preview.candidate')) - last);
    }
    return { verified, candidate };
  } finally {
    await t?.close();
    await fake.close();
  }
}

export async function runVerifiedBench(short = SHORT): Promise<VerifiedBench> {
  const n = runs(short);
  const failures: string[] = [];
  const checked = await measure('on', n, failures);
  const unchecked = await measure('off', n, failures);
  return {
    verifiedMs: median(checked.verified),
    verifiedP95Ms: percentile(checked.verified, 95),
    candidateMs: median(checked.candidate),
    candidateP95Ms: percentile(checked.candidate, 95),
    uncheckedMs: median(unchecked.verified),
    failures,
  };
}

export function verifiedRows(r: VerifiedBench): Row[] {
  return [
    {
      measure: `last chunk → verified version (${FILES} files, render + 1 behaviour check) vs unchecked`,
      ours: ms(r.verifiedMs),
      baseline: ms(r.uncheckedMs),
      ratio: `+${ms(r.verifiedMs - r.uncheckedMs)}`,
      budget: '≤ 1500 ms',
      ok: r.verifiedMs <= 1500,
    },
    { measure: '  p95', ours: ms(r.verifiedP95Ms), baseline: '', ratio: '', budget: '—', ok: null },
    {
      measure: 'last chunk → candidate preview (built, shown while checked)',
      ours: ms(r.candidateMs),
      baseline: '',
      ratio: '',
      budget: '≤ 300 ms',
      ok: r.candidateMs <= 300,
    },
    { measure: '  p95', ours: ms(r.candidateP95Ms), baseline: '', ratio: '', budget: '—', ok: null },
  ];
}

if (isMain(import.meta.url)) {
  console.log(`\nVerified versions: a ${FILES}-file app with one behaviour check, ${runs(SHORT)} runs`);
  const r = await runVerifiedBench();
  for (const row of verifiedRows(r))
    console.log(
      `  ${row.measure}: ${row.ours}${row.baseline ? ` (baseline ${row.baseline}, ${row.ratio})` : ''}${row.budget === '—' ? '' : ` (budget ${row.budget})`}`,
    );
  if (r.failures.length > 0) {
    console.error(`FAILED: ${r.failures.length} runs did not end with a verified version: ${r.failures[0]}`);
    process.exitCode = 1;
  }
}
