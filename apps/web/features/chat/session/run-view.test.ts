import type { Run, RunEvent, RunEventPayloads, RunEventType } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { fixLabel, formatTokens, lineCount, modelLabel, runPhase, typeWarningLabel } from '../conversation/run-labels';
import { applyRunEvent, emptyRunView, runViewFromDto, sharingLead, type RunView } from './run-view';

let seq = 0;
const ev = <T extends RunEventType>(type: T, data: RunEventPayloads[T]): RunEvent => ({ seq: ++seq, type, at: '2026-01-01T00:00:00Z', data }) as RunEvent;
const totals = { model: 'openai-compatible:http://127.0.0.1:1/v1#fake', tokensIn: 1200, tokensOut: 340, fixRounds: 1, durationMs: 4200 };
const run = (events: RunEvent[], from: RunView = emptyRunView('r1')) => events.reduce(applyRunEvent, from);

describe('run view', () => {
  it('says the server is trying the candidate in a browser until its round is judged, and keeps a refund', () => {
    seq = 0;
    const written = run([
      ev('run.started', { runId: 'r1', sproutId: 's', kind: 'message', model: totals.model, baseVersionId: 'v1', messageId: 'm1' }),
      ev('file.started', { path: 'client/src/App.tsx' }),
      ev('file.written', { path: 'client/src/App.tsx', bytes: 10, created: false }),
    ]);
    expect(runPhase(written)).toBe('Checking your app…');
    const trying = run([ev('preview.candidate', { versionId: 'c1', round: 0 })], written);
    expect(trying.candidate).toEqual({ versionId: 'c1', round: 0 });
    expect(runPhase(trying)).toBe('Trying your app in a browser…');
    const judged = run([ev('check.result', { round: 0, ok: true, issues: [], fixes: [], durationMs: 5 })], trying);
    expect(runPhase(judged)).toBe('Checking your app…');

    const question = run(
      [
        ev('run.started', { runId: 'r2', sproutId: 's', kind: 'message', model: totals.model, baseVersionId: 'v1', messageId: 'm2' }),
        ev('text.delta', { text: "I can't do that here." }),
        ev('run.finished', { ...totals, versionId: null, summary: null, remainingIssues: 0, refunded: true }),
      ],
      emptyRunView('r2'),
    );
    expect(question).toMatchObject({ status: 'finished', refunded: true });
  });

  it('keeps the secrets a finished run asks for, with its sentence, and none when it asks for none', () => {
    const finished = (extra: Partial<RunEventPayloads['run.finished']>) =>
      run([ev('run.finished', { ...totals, versionId: 'v2', summary: 'Added checkout', remainingIssues: 0, ...extra })]);
    expect(finished({ missingSecrets: ['STRIPE_KEY'], missingSecretsText: 'Add the secret **STRIPE_KEY**…' }).missingSecrets).toEqual({
      names: ['STRIPE_KEY'],
      text: 'Add the secret **STRIPE_KEY**…',
    });
    // The reply already asked in its own words: the names only, for the buttons.
    expect(finished({ missingSecrets: ['MAIL_TOKEN'] }).missingSecrets).toEqual({ names: ['MAIL_TOKEN'], text: '' });
    expect(finished({}).missingSecrets).toBeNull();
  });

  it('interleaves prose and file cards in the order they streamed, and settles them', () => {
    seq = 0;
    const v = run([
      ev('run.started', { runId: 'r1', sproutId: 's', kind: 'message', model: totals.model, baseVersionId: 'v1', messageId: 'm1' }),
      ev('text.delta', { text: 'Here ' }),
      ev('text.delta', { text: 'it is.' }),
      ev('file.started', { path: 'client/src/App.tsx' }),
      ev('file.delta', { path: 'client/src/App.tsx', text: 'export default\n' }),
      ev('file.delta', { path: 'client/src/App.tsx', text: 'function App() {}\n' }),
    ]);
    expect(v.parts.map((p) => p.type)).toEqual(['text', 'file']);
    expect(v.parts[0]).toMatchObject({ text: 'Here it is.' });
    expect(v.parts[1]).toMatchObject({ status: 'writing', content: 'export default\nfunction App() {}\n' });
    expect(runPhase(v)).toBe('Writing App.tsx…');

    const done = run(
      [
        ev('file.written', { path: 'client/src/App.tsx', bytes: 33, created: false }),
        ev('file.started', { path: 'client/src/Cut.tsx' }),
        ev('check.result', {
          round: 0,
          ok: false,
          issues: [{ source: 'build', file: 'client/src/App.tsx', line: 1, column: 2, message: 'x' }],
          fixes: [],
          durationMs: 5,
        }),
        ev('fix.started', {
          round: 1,
          reason: 'errors',
          issues: [
            { source: 'build', file: null, line: null, column: null, message: 'x' },
            { source: 'build', file: null, line: null, column: null, message: 'y' },
          ],
        }),
        ev('version.created', {
          versionId: 'v2',
          number: 2,
          summary: 'Built it',
          sharing: 'Anyone can see and add entries; only the author can edit or delete theirs.',
        }),
        ev('run.finished', { ...totals, versionId: 'v2', summary: 'Built it', remainingIssues: 0 }),
      ],
      v,
    );
    expect(done.status).toBe('finished');
    expect(done.parts[1]).toMatchObject({ status: 'written', bytes: 33 });
    // A file still streaming when the run ended was not applied.
    expect(done.parts[2]).toMatchObject({ path: 'client/src/Cut.tsx', status: 'skipped' });
    expect(done.version).toEqual({ id: 'v2', number: 2, summary: 'Built it' });
    expect(done).toMatchObject({ tokensIn: 1200, tokensOut: 340, fixRounds: 1, summary: 'Built it' });
    expect(done.sharing).toBe('Anyone can see and add entries; only the author can edit or delete theirs.');
    expect(fixLabel(done.parts[4] as never)).toBe('Fixing 2 build errors…');
    expect(fixLabel(done.parts[4] as never, false)).toBe('Fix round 1: 2 build errors');
    const security = {
      type: 'fix',
      id: 'f',
      round: 1,
      reason: 'security',
      issues: [{ source: 'security', file: 'sprout.data.json', line: 2, column: null, message: 'm' }],
    };
    expect(fixLabel(security as never)).toBe('Fixing 1 security finding…');
    expect(fixLabel(security as never, false)).toBe('Fix round 1: 1 security finding');
    expect(runPhase(emptyRunView('s', 'security-fix'))).toBe('Looking at the security findings…');
    // Old or repeated events change nothing.
    expect(applyRunEvent(done, { ...ev('text.delta', { text: 'late' }), seq: 3 })).toBe(done);
  });

  it('marks a write that was not applied on its own card, and keeps other problems as notes', () => {
    seq = 0;
    const v = run([
      ev('file.started', { path: 'client/src/A.tsx' }),
      ev('file.delta', { path: 'client/src/A.tsx', text: '// rest of the code unchanged' }),
      ev('file.written', { path: 'client/src/A.tsx', bytes: 10, created: true }),
      ev('problem', { kind: 'placeholder', path: 'client/src/A.tsx', message: 'not applied' }),
      ev('problem', { kind: 'no-match', message: 'search text not found' }),
      ev('edit.applied', { path: 'client/src/B.tsx', blocks: 2 }),
      ev('file.renamed', { from: 'client/src/C.tsx', to: 'client/src/D.tsx' }),
      ev('file.deleted', { path: 'client/src/E.tsx' }),
      ev('run.failed', { ...totals, code: 'provider_unavailable', message: 'The model is unavailable.', refunded: true }),
    ]);
    expect(v.parts.map((p) => (p.type === 'file' ? `${p.status}:${p.path}` : p.type))).toEqual([
      'skipped:client/src/A.tsx',
      'problem',
      'edited:client/src/B.tsx',
      'renamed:client/src/D.tsx',
      'deleted:client/src/E.tsx',
    ]);
    expect(v.error).toEqual({ code: 'provider_unavailable', message: 'The model is unavailable.', refunded: true });
  });

  it('keeps the advisory type errors of a check, and labels them only when there are some', () => {
    seq = 0;
    const typeError = {
      source: 'types' as const,
      file: 'client/src/App.tsx',
      line: 2,
      column: 9,
      message: "TS2322: Type 'string' is not assignable to type 'number'.",
    };
    const v = run([
      ev('check.result', {
        round: 0,
        ok: true,
        issues: [],
        fixes: [],
        durationMs: 900,
        typeErrors: [typeError, { ...typeError, line: 3 }],
        typeCheck: { status: 'errors', reason: null, durationMs: 800 },
      }),
      ev('check.result', {
        round: 1,
        ok: true,
        issues: [],
        fixes: [],
        durationMs: 900,
        typeErrors: [],
        typeCheck: { status: 'ok', reason: null, durationMs: 800 },
      }),
      // Stored before the type check existed.
      ev('check.result', { round: 2, ok: true, issues: [], fixes: [], durationMs: 5 }),
    ]);
    const checks = v.parts.filter((p) => p.type === 'check');
    expect(checks[0]).toMatchObject({ ok: true, typeErrors: [typeError, { line: 3 }], typeCheck: { status: 'errors' } });
    expect(checks.map(typeWarningLabel)).toEqual(['2 type warnings', null, null]);
  });

  it('formats model, tokens and line counts', () => {
    expect(modelLabel('openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder')).toBe('qwen2.5-coder');
    expect(modelLabel('anthropic:claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
    expect(modelLabel('offline')).toBe('Offline builder');
    expect([formatTokens(999), formatTokens(1234), formatTokens(45_600), formatTokens(null)]).toEqual(['999', '1.2k', '46k', '–']);
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([0, 1, 1, 2]);
  });

  it('shows the engine’s duration of a run, never one recomputed from stored times that a reload would change', () => {
    seq = 0;
    const live = run([
      ev('run.started', { runId: 'r1', sproutId: 's', kind: 'message', model: totals.model, baseVersionId: 'v1', messageId: 'm1' }),
      ev('run.finished', { ...totals, versionId: null, summary: null, remainingIssues: 0 }),
    ]);
    expect(live.durationMs).toBe(4200);
    const stored = runViewFromDto({
      id: 'r1',
      sproutId: 's',
      kind: 'message',
      parentRunId: null,
      status: 'succeeded',
      model: totals.model,
      summary: null,
      error: null,
      errorCode: null,
      baseVersionId: 'v1',
      resultVersionId: null,
      tokensIn: 1200,
      tokensOut: 340,
      fixRounds: 1,
      refunded: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:09.000Z',
    });
    expect(stored).toMatchObject({ status: 'finished', tokensIn: 1200, durationMs: null });
  });

  it('keeps, after a reload, that a reply’s message was given back (an answer that changed nothing, a failure)', () => {
    const dto = (status: Run['status'], refunded: boolean): Run => ({
      id: 'r1',
      sproutId: 's',
      kind: 'message',
      parentRunId: null,
      status,
      model: 'offline',
      summary: status === 'succeeded' ? 'Nothing to change' : null,
      error: status === 'failed' ? 'The model provider is unavailable.' : null,
      errorCode: status === 'failed' ? 'provider_unavailable' : null,
      baseVersionId: 'v1',
      resultVersionId: null,
      tokensIn: 10,
      tokensOut: 5,
      fixRounds: 0,
      refunded,
      createdAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:02.000Z',
    });
    expect(runViewFromDto(dto('succeeded', true))).toMatchObject({ status: 'finished', refunded: true });
    expect(runViewFromDto(dto('succeeded', false))).toMatchObject({ status: 'finished', refunded: false });
    expect(runViewFromDto(dto('failed', true)).error).toEqual({ code: 'provider_unavailable', message: 'The model provider is unavailable.', refunded: true });
    expect(runViewFromDto(dto('failed', false)).error).toMatchObject({ refunded: false });
  });
});

describe('sharingLead', () => {
  const line = 'Each visitor keeps their own todos; nobody else sees them.';
  const text = (t: string) => ({ type: 'text' as const, id: 't1', text: t });
  it('shows who sees what above a reply that does not open with it, once the version says it', () => {
    expect(sharingLead({ sharing: line, parts: [text('I built **Todos**.')] })).toBe(line);
    expect(sharingLead({ sharing: line, parts: [] })).toBe(line);
    expect(sharingLead({ sharing: line, parts: [text(`\n${line}\n\nI built **Todos**.`)] })).toBeNull();
    expect(sharingLead({ sharing: null, parts: [text('I built **Todos**.')] })).toBeNull();
  });
});

describe('a plan run', () => {
  const plan = {
    summary: 'A workout log.',
    screens: [{ name: 'Log', description: 'Sessions' }],
    data: [],
    integrations: [],
    design: 'Dark.',
    questions: [{ id: 'chart', text: 'What should the chart show?', options: ['Weight', 'Volume'] }],
  };

  it('keeps the proposed plan, says it is planning while it runs, and ends with no version', () => {
    const started = run([ev('run.started', { runId: 'r1', sproutId: 's1', kind: 'plan', model: 'm', baseVersionId: null, messageId: 'm1' })]);
    expect(runPhase(started)).toBe('Planning…');
    const v = run(
      [
        ev('text.delta', { text: 'Here is my plan.' }),
        ev('plan.proposed', plan),
        ev('run.finished', { ...totals, versionId: null, summary: 'A workout log.', remainingIssues: 0, refunded: false }),
      ],
      started,
    );
    expect(v).toMatchObject({ kind: 'plan', status: 'finished', plan: { plan, approved: null }, version: null });
  });

  it('reads the plan of a stored run, approved or not', () => {
    const stored = {
      id: 'r2',
      sproutId: 's1',
      kind: 'plan',
      parentRunId: null,
      status: 'succeeded',
      model: 'm',
      summary: 'A workout log.',
      error: null,
      errorCode: null,
      baseVersionId: null,
      resultVersionId: null,
      tokensIn: 10,
      tokensOut: 20,
      fixRounds: 0,
      refunded: false,
      plan: { plan, approved: { at: 'now', runId: 'r3', answers: { chart: 'Volume' }, notes: null } },
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:00:01Z',
    } satisfies Run;
    expect(runViewFromDto(stored).plan?.approved?.answers).toEqual({ chart: 'Volume' });
    expect(runViewFromDto({ ...stored, kind: 'message', plan: undefined }).plan).toBeNull();
  });
});
