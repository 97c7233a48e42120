import { describe, expect, it } from 'vitest';
import { ProjectFiles } from './project-files';
import { TailwindCompiler, TailwindError } from './tailwind';

const files = (map: Record<string, string>) => new ProjectFiles(Object.entries(map).map(([path, content]) => ({ path, content })));

describe('TailwindCompiler', () => {
  it('scans candidates from code files in memory, not from CSS or JSON', () => {
    const tw = new TailwindCompiler();
    const found = tw.candidatesOf(files({ 'a.tsx': '<p className="px-4 text-lg" />', 'b.css': '.zzz-css {}', 'c.json': '{"k":"qqq-json"}' }));
    expect(found).toEqual(expect.arrayContaining(['px-4', 'text-lg']));
    expect(found).not.toContain('zzz-css');
    expect(found).not.toContain('qqq-json');
  });

  it('keeps one project’s classes out of another project’s CSS, also with compilers made ahead of time', async () => {
    const tw = new TailwindCompiler();
    const css = "@import 'tailwindcss';";
    const nextTask = () => new Promise((resolve) => setImmediate(resolve));
    await tw.compile(css, 'index.css', ['tracking-widest'], { scope: 'project-a' });
    // After a project's first build, a fresh compiler for the same stylesheet waits for the next project.
    await nextTask();
    const b = await tw.compile(css, 'index.css', ['px-4'], { scope: 'project-b' });
    expect(b).toContain('.px-4');
    expect(b).not.toContain('.tracking-widest');
    await nextTask();
    const c = await tw.compile(css, 'index.css', ['mt-2'], { scope: 'project-c' });
    expect(c).toContain('.mt-2');
    expect(c).not.toMatch(/\.px-4|\.tracking-widest/);
    // Each project keeps its own compiler: a's classes stay in a's CSS.
    expect(await tw.compile(css, 'index.css', ['tracking-widest'], { scope: 'project-a' })).not.toContain('.px-4');
  });

  it('minifies for production', async () => {
    const out = await new TailwindCompiler().compile("@import 'tailwindcss';", 'index.css', ['px-4'], { minify: true });
    expect(out).toContain('.px-4{');
  });

  it.each([
    ["@import '/etc/passwd';", /is not available/],
    ["@import 'tailwindcss/../../../etc/passwd';", /is not available/],
    ["@import 'tailwindcss';\n@plugin 'child_process';", /plugins and configs/],
    ["@import 'tailwindcss';\n@config './tailwind.config.js';", /plugins and configs/],
    ["@import 'tailwindcss';\n.x { @apply not-a-class; }", /not-a-class/],
  ])('refuses %j', async (css, message) => {
    await expect(new TailwindCompiler().compile(css, 'index.css', [])).rejects.toThrow(TailwindError);
    await expect(new TailwindCompiler().compile(css, 'index.css', [])).rejects.toThrow(message);
  });
});
