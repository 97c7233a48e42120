import { describe, expect, it } from 'vitest';
import { exportProjectFiles } from './export-project';
import { exportReadme, RUN_SECTION, withExportSections } from './export-readme';

const readmeOf = (files: { name: string; content: string }[]) => files.find((f) => f.name === 'README.md')?.content;

describe('the export README', () => {
  it('says how to run, build and deploy the app, and names its backend once it is published', () => {
    const text = exportReadme({ title: 'Fridge to Table', backendUrl: 'http://fridge-to-table.sites.localhost:3001/some/page' });
    expect(text.startsWith('# Fridge to Table\n')).toBe(true);
    for (const part of ['npm install', 'npm run dev', 'npm run build', 'npm run preview', '## Deploy', 'dist/', '## Backend']) expect(text).toContain(part);
    expect(text).toContain('**http://fridge-to-table.sites.localhost:3001**');
    expect(text).not.toContain('/some/page');
  });

  it('says how to find the backend before the app is published, and never writes another scheme', () => {
    for (const backendUrl of [null, undefined, 'javascript:alert(1)', 'not a url']) {
      const text = exportReadme({ title: 'App', backendUrl });
      expect(text).toContain('Publish the app from Sprout, then put that address in `.env` as `SPROUT_BACKEND_URL`');
      expect(text).not.toContain('javascript:');
    }
  });

  it('keeps a title to one plain line', () => {
    expect(exportReadme({ title: 'A <b>bold</b>\n# heading' }).split('\n')[0]).toBe('# A bbold/b heading');
    expect(exportReadme({ title: '   ' }).split('\n')[0]).toBe('# Your Sprout app');
  });

  it('is added to every export, and appended to a README the project has, once', () => {
    const fresh = readmeOf(exportProjectFiles([], [], 'recipe-box', { title: 'Recipe Box' }))!;
    expect(fresh.startsWith('# Recipe Box\n')).toBe(true);
    const own = readmeOf(exportProjectFiles([{ name: 'README.md', content: '# Mine\n\nMy notes.\n' }], [], 'app'))!;
    expect(own.startsWith('# Mine\n\nMy notes.\n')).toBe(true);
    expect(own).toContain(RUN_SECTION);
    expect(withExportSections(own, {})).toBe(own);
  });
});
