import { beforeAll, describe, expect, it } from 'vitest';
import { checkEmails, clearDataset, getVersionFiles, newId } from '@sprout/db';
import type { ProjectFile } from '@sprout/preview';
import { Tally } from '@sprout/testkit/vitest';
import { cachedPreviewBuild } from '../previews/preview-builds';
import { type Session, useTestApp } from '../testing';
import { createRenderCheck } from './render-check';

// A checked page runs generated code on a browser and an API others share. It gets a request
// budget, a frame budget and a capped heap: a page that goes past one is stopped and fails its check
// (which counts toward its own run, like any failed check), instead of slowing everyone else.

const budgets = new Tally('check budgets: requests, frames, memory');
const t = useTestApp({ RENDER_CHECK: 'on', RENDER_CHECK_CONCURRENCY: '2' });
let owner: Session;
let sproutId: string;
let starter: ProjectFile[];

beforeAll(async () => {
  owner = await t.register();
  const sprout = (await t.api('POST', '/v1/sprouts', { token: owner.idToken, body: {} })).json();
  sproutId = sprout.id;
  starter = await getVersionFiles(t.db.db, sprout.currentVersionId);
});

async function candidate(app: string): Promise<string> {
  const versionId = newId();
  const files = [...starter.filter((f) => f.path !== 'client/src/App.tsx'), { path: 'client/src/App.tsx', content: app }];
  const built = await t.app.services.buildPreview(sproutId, versionId, files);
  if (!built.ok) throw new Error(`the candidate does not build: ${JSON.stringify(built.errors)}`);
  return versionId;
}

const checkApp = async (app: string) => t.app.services.renderCheck({ sproutId, ownerId: owner.user.id, versionId: await candidate(app) });

const messages = (r: Awaited<ReturnType<typeof checkApp>>) => (r.status === 'failed' ? r.issues.map((i) => i.message) : []);

describe("a version's behaviour checks", () => {
  it('end when their time in all is spent: the unfinished ones fail, saying so', async () => {
    const { config, previews, previewTokens, candidateRules } = t.app.services;
    const checker = createRenderCheck({
      config: { ...config.renderCheck, previewDomain: config.previewDomain, appProtocol: config.appProtocol },
      pool: t.app.services.chromium,
      previewTokens,
      candidateRules,
      candidateBuild: async (id, versionId) => cachedPreviewBuild(previews, config.webOrigin, id, versionId),
      dispatch: (request) => t.app.inject({ ...request, method: request.method as 'GET' }),
      clearCheckData: (id) => clearDataset(t.db.db, { sproutId: id, dataset: 'check' }),
      checkEmails: (id) => checkEmails(t.db.db, id),
      budgetMs: 1_500,
    });
    // Each step waits its full time for a text that never comes.
    const slow = { name: 'Waits for ever', steps: Array.from({ length: 20 }, () => ({ do: 'expectText' as const, text: 'never on the page' })) };
    const checks = [1, 2].map((n) => ({ ...slow, name: `${slow.name} ${n}`, file: `checks/slow-${n}.json` }));
    const versionId = await candidate('export default function App() {\n  return <h1>Slow checks</h1>;\n}\n');
    const result = await checker({ sproutId, ownerId: owner.user.id, versionId, checks });
    expect(result.status).toBe('passed');
    const ran = result.status === 'passed' ? (result.checks ?? []) : [];
    budgets.check(
      ran.length === 2 && ran.every((c) => !c.ok && /took longer than 2 s in all/.test(c.message ?? '')),
      `slow checks ran past their budget: ${JSON.stringify(ran)}`,
    );
    budgets.assertClean();
  });
});

describe('a checked page past its budgets', () => {
  it('is stopped after its frame and request budgets and fails its check', async () => {
    const frames = `import { useEffect } from 'react';
export default function App() {
  useEffect(() => {
    for (let i = 0; i < 300; i++) {
      const f = document.createElement('iframe');
      f.src = '/?frame=' + i;
      document.body.append(f);
    }
  }, []);
  return <h1>Frames</h1>;
}
`;
    const result = await checkApp(frames);
    budgets.check(result.status === 'failed', `a page opening 300 frames passed its check: ${result.status}`);
    // Closed at the limit, not checked to the end (settling and a screenshot of a page with 300
    // frames took 12 s of the shared browser): no picture was taken of it.
    expect(result.status === 'failed' && result.thumbnail).toBeNull();
    expect(messages(result)).toEqual(expect.arrayContaining([expect.stringMatching(/more than 20 frames|more than 400 requests/)]));
    budgets.assertClean();
  });

  it('fails a behaviour check whose step sends the page past a budget, saying which', async () => {
    const app = `import { useState } from 'react';
export default function App() {
  const [opened, setOpened] = useState(false);
  const open = () => {
    setOpened(true);
    for (let i = 0; i < 60; i++) {
      const f = document.createElement('iframe');
      f.src = '/?frame=' + i;
      document.body.append(f);
    }
  };
  return <main><h1>Frames on demand</h1><button onClick={open}>Open</button>{opened && <p>Opened</p>}</main>;
}
`;
    const check = {
      name: 'Opens frames',
      file: 'checks/opens-frames.json',
      steps: [
        { do: 'click' as const, target: { role: 'button', name: 'Open' } },
        { do: 'expectText' as const, text: 'never on the page' },
      ],
    };
    const result = await t.app.services.renderCheck({ sproutId, ownerId: owner.user.id, versionId: await candidate(app), checks: [check] });
    const ran = result.status === 'passed' ? (result.checks ?? []) : [];
    budgets.check(
      ran.length === 1 && !ran[0]!.ok && /more than 20 frames/.test(ran[0]!.message ?? ''),
      `a behaviour check past its frame budget: ${JSON.stringify(result).slice(0, 400)}`,
    );
    budgets.assertClean();
  });

  it('crashes at its heap limit instead of growing the shared browser, and fails its check', async () => {
    const memory = `import { useEffect, useState } from 'react';
export default function App() {
  const [n, setN] = useState(0);
  useEffect(() => {
    const hoard: number[][] = [];
    for (let i = 0; i < 100_000; i++) hoard.push(new Array(250_000).fill(i));
    setN(hoard.length);
  }, []);
  return <h1>Memory {n}</h1>;
}
`;
    const result = await checkApp(memory);
    budgets.check(result.status === 'failed', `a page filling memory passed its check: ${result.status} ${JSON.stringify(result).slice(0, 300)}`);
    expect(messages(result)).toContain('The page crashed while it was checked (it may have run out of memory).');
    budgets.assertClean();
  });
});
