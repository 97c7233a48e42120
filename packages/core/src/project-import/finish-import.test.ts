import { describe, expect, it } from 'vitest';
import { finishImport } from './finish-import';
import { planImport } from './plan-import';

const encoder = new TextEncoder();

function finish(files: Record<string, string>) {
  const bytes = new Map(Object.entries(files).map(([p, c]) => [p, encoder.encode(c)]));
  const plan = planImport([...bytes].map(([path, data]) => ({ path, size: data.length })));
  if (!plan.ok) throw new Error(plan.message);
  return finishImport(plan, bytes);
}

describe('finishImport', () => {
  it('leaves out data rules that are not valid, saying why', () => {
    const result = finish({ 'client/index.html': '<div></div>', 'client/src/main.tsx': 'x', 'sprout.data.json': '{"collections": 5}' });
    expect(result).toMatchObject({ ok: true, skipped: [{ path: 'sprout.data.json', reason: expect.stringMatching(/data rules are not valid/) }] });
    expect(result.ok && result.files.map((f) => f.path)).toEqual(['client/index.html', 'client/src/main.tsx']);
  });

  it('keeps a CRA .js file under its name when the .jsx name is taken', () => {
    const result = finish({ 'public/index.html': '<body></body>', 'src/index.js': 'x(<A />)', 'src/A.js': '<a/>', 'src/A.jsx': '<b/>' });
    expect(result.ok && result.files.map((f) => f.path)).toEqual(['client/index.html', 'client/src/A.js', 'client/src/A.jsx', 'client/src/index.jsx']);
  });

  it('says a file listed but not read could not be read', () => {
    const plan = planImport([
      { path: 'index.html', size: 3 },
      { path: 'src/main.tsx', size: 3 },
    ]);
    if (!plan.ok) throw new Error(plan.message);
    const result = finishImport(plan, new Map([['index.html', encoder.encode('<p>')]]));
    expect(result).toMatchObject({ ok: true, skipped: [{ path: 'src/main.tsx', reason: 'It could not be read.' }] });
  });
});
