import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolPart } from '../session/run-view';
import { RunStep } from './run-steps';

const tool = (over: Partial<ToolPart>): ToolPart => ({
  type: 'tool',
  id: 'k1',
  name: 'read_file',
  input: { path: 'client/src/App.tsx' },
  summary: 'Reading client/src/App.tsx',
  status: 'running',
  ...over,
});
const html = (part: ToolPart) => renderToStaticMarkup(createElement(RunStep, { part, active: false }));

describe('a tool step', () => {
  it('is one line: a spinner and what it does while it runs, its icon and what it found once done', () => {
    const running = html(tool({}));
    expect(running).toContain('data-testid="run-tool"');
    expect(running).toContain('data-status="running"');
    expect(running).toContain('animate-spin');
    expect(running).toContain('Reading client/src/App.tsx…');
    const done = html(tool({ status: 'done', summary: 'Read client/src/App.tsx (84 lines)' }));
    expect(done).toContain('data-status="done"');
    expect(done).not.toContain('animate-spin');
    expect(done).toContain('lucide-file-text');
    expect(done).toContain('>Read client/src/App.tsx (84 lines)<');
  });

  it('has an icon per tool, and a wrench for one it does not know', () => {
    expect(html(tool({ name: 'run_checks', status: 'done', summary: 'Checks: build ok' }))).toContain('lucide-list-checks');
    expect(html(tool({ name: 'ask_person', status: 'done', summary: 'Asked: Which colour?' }))).toContain('lucide-message-circle-question');
    expect(html(tool({ name: 'something_new', status: 'done', summary: 'Did it' }))).toContain('lucide-wrench');
  });
});
