import { describe, expect, it } from 'vitest';
import { skipRule } from './skip-rules';

const rule = (path: string, size = 10, kind?: 'file' | 'symlink' | 'submodule') => skipRule({ path, size, kind });

describe('skipRule', () => {
  it('leaves out tool folders whole, naming the folder', () => {
    expect(rule('node_modules/react/index.js')).toMatchObject({ folder: 'node_modules', reason: expect.stringMatching(/Installed packages/) });
    expect(rule('web/node_modules/a/b.js')).toMatchObject({ folder: 'web/node_modules' });
    expect(rule('.git/config')).toMatchObject({ folder: '.git' });
    expect(rule('dist/assets/index.js')).toMatchObject({ folder: 'dist', reason: expect.stringMatching(/Build output/) });
  });

  it('keeps a folder named build or dist inside src (it is source there)', () => {
    expect(rule('src/build/steps.ts')).toBeNull();
  });

  it('leaves out lock files, secrets, system files, links, submodules, binaries and large files', () => {
    expect(rule('yarn.lock')?.reason).toMatch(/lock file/);
    expect(rule('app/package-lock.json')?.reason).toMatch(/lock file/);
    expect(rule('.env')?.reason).toMatch(/secrets/);
    expect(rule('.env.production.local')?.reason).toMatch(/secrets/);
    expect(rule('.env.example')).toBeNull();
    expect(rule('src/.DS_Store')?.reason).toMatch(/operating system/);
    expect(rule('src/link.ts', 10, 'symlink')?.reason).toMatch(/symbolic link/);
    expect(rule('vendor/lib', 0, 'submodule')?.reason).toMatch(/submodule/);
    expect(rule('src/logo.PNG')?.reason).toMatch(/binary/);
    expect(rule('src/logo.svg')).toBeNull();
    expect(rule('src/data.json', 600 * 1024)?.reason).toBe('Larger than 512 KB (600 KB).');
    expect(rule('src/data.json', Number.NaN)?.reason).toBe('Larger than 512 KB.');
  });
});
