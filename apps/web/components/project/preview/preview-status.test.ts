import type { RunEvent, RunEventPayloads, RunEventType } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { applyRunEvent, emptyRunView, type RunView } from '../chat/run-view';
import { previewStatus, runPreviewPhase, type PreviewFacts } from './preview-status';

let seq = 0;
const ev = <T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent => ({ seq: ++seq, type, at: '2026-01-01T00:00:00Z', data }) as RunEvent;
const run = (events: RunEvent[]): RunView => events.reduce(applyRunEvent, emptyRunView('r1'));
const write = (path: string) => [ev('file.started', { path }), ev('file.written', { path, bytes: 10, created: true })];
const check = (round: number, ok: boolean) => ev('check.result', { round, ok, issues: [], fixes: [], durationMs: 5 });
const totals = { model: 'm', tokensIn: 1, tokensOut: 1, fixRounds: 0, durationMs: 1 };

const facts = (over: Partial<PreviewFacts> = {}): PreviewFacts => ({
  online: true,
  notRunning: false,
  run: null,
  everLoaded: true,
  frameLoading: false,
  wanted: 'v2',
  shown: 'v2',
  waiting: false,
  buildFailed: false,
  viewing: null,
  ...over,
});

describe('the preview status of a reply under way', () => {
  it('counts the files being written, then says the candidate is being opened and checked', () => {
    expect(runPreviewPhase(run([]))?.label).toBe('Building…');
    const files = Array.from({ length: 8 }, (_, i) => write(`client/src/F${i}.tsx`)).flat();
    expect(runPreviewPhase(run([...files, ev('file.started', { path: 'client/src/F0.tsx' })]))?.label).toBe('Building… writing 8 files');
    const candidate = [...files, ev('preview.candidate', { versionId: 'c1', round: 0 })];
    expect(runPreviewPhase(run(candidate))).toMatchObject({ kind: 'checking', label: 'Checking… opening your app in a browser' });
    expect(runPreviewPhase(run([...candidate, check(0, true)]))?.kind).toBe('checking');
  });

  it('says it is fixing after a failed check, with the files of the fix round', () => {
    const fixing = [
      ...write('client/src/App.tsx'),
      check(0, false),
      ev('fix.started', {
        round: 1,
        reason: 'errors',
        issues: [
          { source: 'build', message: 'x' },
          { source: 'build', message: 'y' },
        ] as never,
      }),
    ];
    expect(runPreviewPhase(run(fixing))?.label).toBe('Fixing 2 problems…');
    expect(runPreviewPhase(run([...fixing, ...write('client/src/App.tsx')]))?.label).toBe('Fixing… writing 1 file');
    expect(runPreviewPhase(run([...fixing, ...write('client/src/App.tsx'), ev('preview.candidate', { versionId: 'c2', round: 1 })]))?.kind).toBe('checking');
  });

  it('hands over to the frame once the version exists, and says nothing for an ended reply', () => {
    const made = [...write('client/src/App.tsx'), ev('version.created', { versionId: 'v3', number: 3, summary: null })];
    expect(runPreviewPhase(run(made))).toBeNull();
    expect(runPreviewPhase(run([ev('run.failed', { ...totals, code: 'x', message: 'y', refunded: true })]))).toBeNull();
    expect(runPreviewPhase(null)).toBeNull();
  });
});

describe('the preview status', () => {
  it('is “Latest version” only when the frame says it shows the wanted version', () => {
    expect(previewStatus(facts()).kind).toBe('ready');
    expect(previewStatus(facts({ shown: 'v1' }))).toMatchObject({ kind: 'stale', label: 'Preview out of date' });
    expect(previewStatus(facts({ shown: null }))).toMatchObject({ kind: 'stale' });
    expect(previewStatus(facts({ shown: 'v1', waiting: true }))).toMatchObject({ kind: 'loading', label: 'Updating…' });
  });

  it('puts the network and the session first, then the reply under way', () => {
    const building = run(write('client/src/App.tsx'));
    expect(previewStatus(facts({ online: false, run: building })).kind).toBe('offline');
    expect(previewStatus(facts({ notRunning: true, run: building })).kind).toBe('not-running');
    expect(previewStatus(facts({ run: building, everLoaded: false })).label).toBe('Building… writing 1 file');
    expect(previewStatus(facts({ everLoaded: false })).kind).toBe('starting');
    expect(previewStatus(facts({ frameLoading: true })).kind).toBe('loading');
  });

  it('says when an earlier version is on view, and when the build failed', () => {
    expect(previewStatus(facts({ viewing: 'Version 1', run: run([]) })).label).toBe('Viewing Version 1 · not the current version');
    expect(previewStatus(facts({ buildFailed: true })).kind).toBe('build-failed');
  });
});
