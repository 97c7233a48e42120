import { describe, expect, it } from 'vitest';
import { buildText, fileToBase64, skippedText, zipFileProblem } from './import-text';

describe('zipFileProblem', () => {
  it('takes a .zip of up to 20 MB', () => {
    expect(zipFileProblem({ name: 'App.ZIP', size: 1000 })).toBeNull();
    expect(zipFileProblem({ name: 'app.tar.gz', size: 1000 })).toBe('Choose a .zip file.');
    expect(zipFileProblem({ name: 'app.zip', size: 0 })).toBe('This file is empty.');
    expect(zipFileProblem({ name: 'app.zip', size: 21 * 1024 * 1024 })).toMatch(/larger than 20 MB/);
  });
});

describe('skippedText and buildText', () => {
  it('say what was left out and whether the app builds', () => {
    expect(skippedText([])).toBe('Everything was imported.');
    expect(skippedText([{ path: '.env', reason: 'x' }])).toBe('One file or folder was not imported:');
    expect(
      skippedText([
        { path: 'a', reason: 'x' },
        { path: 'b', reason: 'y' },
      ]),
    ).toBe('2 files or folders were not imported:');
    expect(buildText({ builds: true, issues: [] })).toMatch(/^It builds/);
    expect(
      buildText({ builds: false, issues: [{ source: 'build', file: 'client/src/App.tsx', line: 1, column: 1, message: "Package 'axios' is not available" }] }),
    ).toBe("It does not build in Sprout yet (client/src/App.tsx: Package 'axios' is not available). Open it and ask in the chat to fix it.");
  });
});

describe('fileToBase64', () => {
  it('reads a file as base64', async () => {
    expect(await fileToBase64(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff])]))).toBe('UEsDBP8=');
  });
});
