import { describe, expect, it } from 'vitest';
import { normalizePath } from './normalize-path';
import { WorkingCopy } from './working-copy';

describe('normalizePath', () => {
  it.each([
    ['src/App.tsx', 'client/src/App.tsx'],
    ['./src/components/A.tsx', 'client/src/components/A.tsx'],
    ['./src/x.ts', 'client/src/x.ts'],
    ['./client/src/App.tsx', 'client/src/App.tsx'],
    ['public/logo.svg', 'client/public/logo.svg'],
    ['index.html', 'client/index.html'],
    ['client/src/App.tsx', 'client/src/App.tsx'],
    ['package.json', 'package.json'],
    // The project root written as `/`, as models often do.
    ['/client/src/App.tsx', 'client/src/App.tsx'],
    ['/src/App.tsx', 'client/src/App.tsx'],
    ['/./src/App.tsx', 'client/src/App.tsx'],
    ['/index.html', 'client/index.html'],
    ['/package.json', 'package.json'],
    // Left for the path rules: a stripped slash never hides what follows it.
    ['/etc/passwd', 'etc/passwd'],
    ['/../x.ts', '../x.ts'],
    ['/client/../server/x.ts', 'client/../server/x.ts'],
    ['//host/share/x.ts', '//host/share/x.ts'],
    ['../x.ts', '../x.ts'],
  ])('%s → %s', (input, output) => {
    expect(normalizePath(input)).toBe(output);
  });
});

describe('WorkingCopy.checkPath after normalising', () => {
  const work = new WorkingCopy(new Map([['client/src/App.tsx', 'export default () => null;\n']]));

  it.each([
    ['/client/src/App.tsx', 'client/src/App.tsx'],
    ['/src/App.tsx', 'client/src/App.tsx'],
    ['./src/x.ts', 'client/src/x.ts'],
  ])('allows %s as %s', (input, path) => {
    expect(work.checkPath(input)).toEqual({ ok: true, path });
  });

  it.each([
    ['/etc/passwd', /allowed extension/],
    ['/../x.ts', /\. or \.\. parts/],
    ['/client/../server/x.ts', /\. or \.\. parts/],
    ['//host/share', /relative to the project root/],
    ['//host/share/x.ts', /relative to the project root/],
    ['\\\\server\\share\\x.ts', /forward slashes/],
    ['C:\\x.ts', /forward slashes/],
    ['C:/x.ts', /relative to the project root/],
    ['/client/src/x.ts\u0000.png', /control characters/],
    ['/\u0000', /control characters/],
    ['~/.ssh', /relative to the project root/],
    ['~/.ssh/id_rsa.txt', /relative to the project root/],
    ['/~/.ssh/config.json', /relative to the project root/],
    ['/.git/config.json', /Hidden files/],
    ['/node_modules/react/index.js', /node_modules/],
    ['/', /must not be empty/],
  ])('refuses %j', (input, reason) => {
    const check = work.checkPath(input);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toMatch(reason);
  });

  it('refuses the write of a hostile path whole, changing nothing', () => {
    for (const path of ['/etc/passwd', '/../x.ts', '//host/share/x.ts', '/client/../server/x.ts']) {
      expect(work.apply({ type: 'write', path, content: 'x' })).toMatchObject({ kind: 'forbidden' });
    }
    expect([...work.files.keys()]).toEqual(['client/src/App.tsx']);
  });
});
