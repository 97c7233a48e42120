import { expect } from 'vitest';
import type { MessageSent, ProjectFiles, RunEvent, Session, Sprout, Usage, VersionList } from '@sprout/core/contract';
import { parseRunEvents } from '@sprout/testkit';
import type { TestApp } from './test-app';

/** All events of a run, waiting for its end (the stream closes after the terminal event). */
export async function runEvents(t: TestApp, s: Session, runId: string, lastEventId?: number): Promise<RunEvent[]> {
  const res = await t.api('GET', `/build/v1/runs/${runId}/events`, {
    token: s.idToken,
    headers: lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  return parseRunEvents(res.body);
}

export async function send(t: TestApp, s: Session, sproutId: string, text: string, extra: Record<string, unknown> = {}) {
  return t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, { token: s.idToken, body: { text, ...extra } });
}

/** Sends a message, expects it accepted, and returns the run's complete event list. */
export async function sendAndWait(t: TestApp, s: Session, sproutId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await send(t, s, sproutId, text, extra);
  expect(res.statusCode, res.body).toBe(202);
  const { runId, messageId } = res.json() as MessageSent;
  const events = await runEvents(t, s, runId);
  return { runId, messageId, events, types: events.map((e) => e.type) };
}

export async function newProject(t: TestApp, s: Session): Promise<string> {
  const res = await t.api('POST', '/v1/sprouts', { token: s.idToken, body: {} });
  expect(res.statusCode).toBe(201);
  return (res.json() as Sprout).id;
}

export async function fileOf(t: TestApp, s: Session, sproutId: string, path: string): Promise<string | undefined> {
  const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/files`, { token: s.idToken });
  expect(res.statusCode).toBe(200);
  return (res.json() as ProjectFiles).files.find((f) => f.path === path)?.content;
}

export async function versionsOf(t: TestApp, s: Session, sproutId: string) {
  const res = await t.api('GET', `/build/v1/sprouts/${sproutId}/versions`, { token: s.idToken });
  expect(res.statusCode).toBe(200);
  return res.json() as VersionList;
}

export async function usedToday(t: TestApp, s: Session): Promise<number> {
  const res = await t.api('GET', '/usage', { token: s.idToken });
  return (res.json() as Usage).dailyMessages.used;
}

/** Checks a run's event list is numbered 1..n without gaps or repeats and ends with one terminal event. */
export function expectWellFormed(events: RunEvent[]) {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  expect(events[0]?.type).toBe('run.started');
  const terminal = events.filter((e) => ['run.finished', 'run.failed', 'run.stopped'].includes(e.type));
  expect(terminal).toHaveLength(1);
  expect(events[events.length - 1]).toBe(terminal[0]);
}

/** Concatenated streamed text of a file, as a chat panel would show it while it arrives. */
export const streamedFile = (events: RunEvent[], path: string) =>
  events.flatMap((e) => (e.type === 'file.delta' && e.data.path === path ? [e.data.text] : [])).join('');

export const APP = (title: string) => `import { Button } from '@/components/ui/button';

export default function App() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">${title}</h1>
      <Button>Start</Button>
    </main>
  );
}
`;

export const writeApp = (content: string, prose = 'Here is your app.', summary = 'Built the first screen') =>
  `${prose}\n\n<sprout-write path="client/src/App.tsx">\n${content}</sprout-write>\n\n<sprout-summary>${summary}</sprout-summary>\n`;

/** A preview page as the iframe has it: its origin's host, the preview cookie, and the tag the page was served with. */
export interface OpenedPreview {
  host: string;
  cookie: string;
  load: string;
}

/** Loads the project's preview page (a version, else the current one) as the iframe does. */
export async function openPreviewPage(t: TestApp, s: Session, sproutId: string, versionId?: string): Promise<OpenedPreview> {
  const grant = new URL((await t.api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { token: s.idToken, body: {} })).json().url);
  const exchanged = await t.app.inject({ method: 'GET', url: grant.pathname + grant.search, headers: { host: grant.host } });
  expect(exchanged.statusCode).toBe(303);
  const cookie = (exchanged.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
  const page = await t.app.inject({ method: 'GET', url: versionId ? `/?version=${versionId}` : '/', headers: { host: grant.host, cookie } });
  expect(page.statusCode).toBe(200);
  const tag = /<meta name="sprout-load" content="([^"]+)">/.exec(page.body)?.[1];
  expect(tag).toBeDefined();
  return { host: grant.host, cookie, load: tag! };
}

/** The tag a preview page was served with: what the bridge sends with runtime-error reports. */
export async function previewLoadTag(t: TestApp, s: Session, sproutId: string, versionId?: string): Promise<string> {
  return (await openPreviewPage(t, s, sproutId, versionId)).load;
}

/**
 * What the preview page's bridge does when the app throws: tells its preview host (POST
 * /_sprout/runtime-errors from the page's own origin), which records the error for the version on
 * screen. Answers the host's status (204: recorded).
 */
export async function bridgeReportsError(t: TestApp, page: OpenedPreview, message: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/_sprout/runtime-errors',
    headers: { host: page.host, cookie: page.cookie, origin: `http://${page.host}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ load: page.load, message }),
  });
  return res.statusCode;
}
