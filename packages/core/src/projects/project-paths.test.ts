import { describe, expect, it } from 'vitest';
import { ALLOWED_DOTFILES, ALLOWED_EXTENSIONS, caseTwin, FILE_LIMITS, validateProjectPath } from './project-paths';

const reasonFor = (path: unknown) => {
  const result = validateProjectPath(path);
  return result.ok ? null : result.reason;
};

describe('validateProjectPath', () => {
  it('has the limits and lists it is documented with', () => {
    expect(FILE_LIMITS).toEqual({ maxPathLength: 200, maxSegmentLength: 100, maxFileBytes: 524288, maxFiles: 500, maxTotalBytes: 8388608 });
    expect(ALLOWED_DOTFILES).toEqual(['.gitignore', '.prettierrc', '.env.example']);
    expect(ALLOWED_EXTENSIONS).toContain('tsx');
    expect(ALLOWED_EXTENSIONS).not.toContain('exe');
  });

  it.each([
    'client/index.html',
    'client/src/App.tsx',
    'client/src/components/ui/button.tsx',
    'client/src/lib/utils.ts',
    'client/src/index.css',
    'client/public/logo.svg',
    'client/public/fonts/Inter-Regular.woff2',
    'package.json',
    'README.md',
    '.gitignore',
    '.prettierrc',
    '.env.example',
    'client/src/my component.tsx',
    'client/src/données.json',
    'a.b.c.ts',
    `${'d'.repeat(100)}/${'f'.repeat(95)}.tsx`,
  ])('accepts %j unchanged', (path) => {
    expect(validateProjectPath(path)).toEqual({ ok: true, path });
  });

  it('refuses non-strings and empty paths', () => {
    for (const x of [undefined, null, 42, {}, ['a.ts'], new String('a.ts')]) expect(reasonFor(x)).toBe('Path must be a string');
    expect(reasonFor('')).toBe('Path must not be empty');
  });

  it('refuses absolute paths and drive letters', () => {
    for (const path of ['/etc/passwd.txt', '/client/src/App.tsx', 'C:/Windows/win.ini.txt', 'c:a.ts', 'Z:\\x.ts'.replace('\\', '/'), '~/x.ts']) {
      expect(reasonFor(path)).toBe('Path must be relative to the project root');
    }
  });

  it('refuses backslashes', () => {
    for (const path of ['client\\src\\App.tsx', '..\\..\\x.ts', 'a\\', '\\\\server\\share\\a.ts', 'C:\\x.ts']) {
      expect(reasonFor(path)).toBe('Path must use forward slashes (/)');
    }
  });

  it('refuses traversal and dot segments', () => {
    for (const path of ['../x.ts', 'client/../../x.ts', 'client/..', './client/App.tsx', 'client/./App.tsx', '..', '.', 'a/../b.ts']) {
      expect(reasonFor(path)).toBe('Path must not contain . or .. parts');
    }
  });

  it('refuses empty segments and trailing slashes', () => {
    for (const path of ['client//App.tsx', 'client/', 'a///b.ts']) {
      expect(reasonFor(path)).toBe('Path must not contain empty parts (//) or end with /');
    }
  });

  it('refuses percent-encoding, in any case and doubly encoded', () => {
    for (const path of ['%2e%2e/x.ts', '%2E%2E%2Fx.ts', 'client%2f..%2fx.ts', 'a%5cb.ts', 'a%5Cb.ts', '%252e%252e/x.ts', '100%.md']) {
      expect(reasonFor(path)).toBe('Path must not contain any of : * ? " < > | # %');
    }
  });

  it('refuses control and invisible characters', () => {
    for (const path of ['a\u0000.ts', 'a.ts\u0000.png', 'a\n.ts', 'a\t.ts', 'a\r/b.ts', 'a\u007F.ts', 'a\u0085.ts']) {
      expect(reasonFor(path)).toBe('Path must not contain control characters');
    }
    for (const path of ['App\u200B.tsx', 'gpj\u202E.tsx', '\uFEFFa.ts']) {
      expect(reasonFor(path)).toBe('Path must not contain invisible formatting characters');
    }
  });

  it('refuses characters Windows or URLs cannot carry', () => {
    for (const path of ['ab:c.ts', 'a*.ts', 'a?.ts', 'a".ts', 'a<b.ts', 'a|b.ts', 'a#b.ts']) {
      expect(reasonFor(path)).toBe('Path must not contain any of : * ? " < > | # %');
    }
  });

  it('refuses node_modules anywhere, in any case', () => {
    for (const path of ['node_modules/react/index.js', 'client/node_modules/x.js', 'a/NODE_MODULES/b.js']) {
      expect(reasonFor(path)).toBe('Path must not be inside node_modules');
    }
  });

  it('refuses hidden files and folders except the allowed root dotfiles', () => {
    const hidden = 'Hidden files and folders are not allowed (only .gitignore, .prettierrc, .env.example at the root)';
    for (const path of [
      '.env',
      '.git/config.json',
      '.vscode/settings.json',
      'client/.gitignore',
      'client/.env.example',
      '.gitignore/a.ts',
      '.hidden.ts',
      'a/.b/c.ts',
      '.GITIGNORE',
      '.env.example.ts',
    ]) {
      expect(reasonFor(path)).toBe(hidden);
    }
  });

  it('refuses files without an allowed extension', () => {
    expect(reasonFor('client/src/run.exe')).toBe('Files of type .exe are not allowed');
    expect(reasonFor('scripts/deploy.sh')).toBe('Files of type .sh are not allowed');
    expect(reasonFor('App.TSX')).toBe('Files of type .TSX are not allowed');
    expect(reasonFor('a.ts.exe')).toBe('Files of type .exe are not allowed');
    expect(reasonFor('client/src')).toMatch(/^File name must end with an allowed extension \(ts, tsx, /);
    expect(reasonFor('Makefile')).toMatch(/^File name must end with an allowed extension/);
  });

  it('refuses names Windows reserves or mangles', () => {
    expect(reasonFor('con.ts')).toBe('"con.ts" is a reserved file name');
    expect(reasonFor('client/NUL/a.ts')).toBe('"NUL" is a reserved file name');
    expect(reasonFor('lpt1.txt')).toBe('"lpt1.txt" is a reserved file name');
    expect(reasonFor('console.ts')).toBeNull();
    for (const path of ['a /b.ts', ' a.ts', 'a.ts ', 'dir./a.ts']) {
      expect(reasonFor(path)).toBe('File and folder names must not start or end with a space or end with a dot');
    }
  });

  it('limits the length of the path and of each name', () => {
    expect(reasonFor(`${'a/'.repeat(98)}abc.ts`)).toBe('Path must be at most 200 characters');
    expect(reasonFor(`${'a/'.repeat(97)}abc.ts`)).toBeNull();
    expect(reasonFor(`${'x'.repeat(98)}.ts`)).toBe('Each folder or file name must be at most 100 characters');
    expect(reasonFor(`${'x'.repeat(97)}.ts`)).toBeNull();
    expect(reasonFor('a'.repeat(1_000_000))).toBe('Path must be at most 200 characters');
  });
});

describe('caseTwin', () => {
  it('finds another path that differs only in case, never the path itself or the one being renamed', () => {
    const paths = ['client/src/App.tsx', 'client/src/lib/utils.ts'];
    expect(caseTwin(paths, 'client/src/app.tsx')).toBe('client/src/App.tsx');
    expect(caseTwin(paths, 'CLIENT/SRC/LIB/UTILS.TS')).toBe('client/src/lib/utils.ts');
    expect(caseTwin(paths, 'client/src/App.tsx')).toBeUndefined();
    expect(caseTwin(paths, 'client/src/app.tsx', 'client/src/App.tsx')).toBeUndefined();
    expect(caseTwin(paths, 'client/src/Other.tsx')).toBeUndefined();
  });
});
