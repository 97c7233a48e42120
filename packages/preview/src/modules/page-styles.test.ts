import { describe, expect, it } from 'vitest';
import { ProjectFiles } from '../project-files';
import { TailwindCompiler } from '../tailwind';
import { compileStyles } from './page-styles';

const decode = (b: Uint8Array) => new TextDecoder().decode(b);

describe('compileStyles', () => {
  it('compiles Tailwind, inlines project images, names each sheet by its content', async () => {
    const files = new ProjectFiles([
      { path: 'client/src/index.css', content: "@import 'tailwindcss';\n.hero { background: url(./bg.svg); }\n" },
      { path: 'client/src/bg.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    ]);
    const ctx = { files, tailwind: new TailwindCompiler(), candidates: ['p-4'], scope: 's' };
    const { styles, errors } = await compileStyles(ctx, [{ kind: 'style', path: 'client/src/index.css' }]);
    expect(errors).toEqual([]);
    const css = decode(styles[0]!.asset.body);
    expect(css).toContain('.p-4');
    expect(css).toContain('url("data:image/svg+xml;base64,');
    expect(styles[0]).toMatchObject({ id: 'client/src/index.css', name: expect.stringMatching(/^index\.css\.[a-f0-9]{20}\.css$/) });
    const again = await compileStyles({ ...ctx, candidates: ['p-4', 'm-2'] }, [{ kind: 'style', path: 'client/src/index.css' }]);
    expect(again.styles[0]!.name).not.toBe(styles[0]!.name);
  });

  it('reports a stylesheet Tailwind refuses at its file', async () => {
    const files = new ProjectFiles([{ path: 'client/src/index.css', content: "@import 'tailwindcss';\n@plugin 'x';\n" }]);
    const { errors } = await compileStyles({ files, tailwind: new TailwindCompiler(), candidates: [] }, [{ kind: 'style', path: 'client/src/index.css' }]);
    expect(errors[0]).toMatchObject({ file: 'client/src/index.css', message: expect.stringContaining('plugins and configs are not available') });
  });
});
