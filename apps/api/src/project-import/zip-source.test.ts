import { describe, expect, it } from 'vitest';
import { createZip } from '@sprout/preview';
import { AppError } from '../errors';
import { projectFromZip } from './zip-source';

const PAGE = '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>';

describe('projectFromZip', () => {
  it('inflates only the files the import keeps', () => {
    const zip = createZip([
      { name: 'app/index.html', data: PAGE },
      { name: 'app/src/main.tsx', data: 'console.log(1);\n' },
      // Zeros pack to almost nothing: were it inflated with the rest, the zip's byte limit would refuse the whole zip.
      { name: 'app/node_modules/huge/index.js', data: new Uint8Array(40 * 1024 * 1024) },
    ]);
    const result = projectFromZip(zip);
    expect(result).toMatchObject({ ok: true, files: [{ path: 'client/index.html' }, { path: 'client/src/main.tsx' }], skipped: [{ path: 'node_modules/' }] });
  });

  it('reads a name listed twice from its first entry', () => {
    const first = createZip([
      { name: 'index.html', data: PAGE },
      { name: 'src/main.tsx', data: 'first();\n' },
      { name: 'src/mbin.tsx', data: 'second();\n' },
    ]);
    // The third entry's name made the same as the second's, in both headers.
    const zip = Buffer.from(first.toString('latin1').replaceAll('src/mbin.tsx', 'src/main.tsx'), 'latin1');
    const result = projectFromZip(zip);
    expect(result.ok && result.files.find((f) => f.path === 'client/src/main.tsx')?.content).toBe('first();\n');
  });

  it('answers a 400 that says why for a zip it cannot read or that looks like a bomb', () => {
    const refusal = (zip: Buffer) => {
      try {
        projectFromZip(zip);
      } catch (err) {
        return err;
      }
      return null;
    };
    expect(refusal(Buffer.from('not a zip at all'))).toMatchObject({ status: 400, code: 'invalid_zip', message: expect.stringMatching(/Not a zip/) });
    const bomb = createZip([
      { name: 'index.html', data: PAGE },
      { name: 'src/main.tsx', data: new Uint8Array(400 * 1024) },
    ]);
    const err = refusal(bomb);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'invalid_zip', message: expect.stringMatching(/zip bomb/) });
  });
});
