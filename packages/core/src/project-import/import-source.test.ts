import { describe, expect, it } from 'vitest';
import { importedName, importSummary, zipFileName } from './import-source';

describe('importSummary', () => {
  it('says where the project came from, without .git or a trailing slash', () => {
    expect(importSummary({ url: 'https://github.com/pat/task-board.git' })).toBe('Imported from github.com/pat/task-board');
    expect(importSummary({ fileName: 'C:\\Users\\pat\\task-board.zip' })).toBe('Imported from task-board.zip');
    expect(importSummary({ fileName: '\u0000' })).toBe('Imported from project.zip');
  });
});

describe('importedName', () => {
  it("takes the app's title, else the repository's or zip's name in words", () => {
    expect(importedName('<title>Fridge to Table</title>', { url: 'https://x.example/a/b.git' })).toBe('Fridge to Table');
    expect(importedName('<title>Vite + React + TS</title>', { url: 'https://github.com/pat/my-todo_app.git' })).toBe('My todo app');
    expect(importedName(undefined, { fileName: 'recipe-book.zip' })).toBe('Recipe book');
    expect(importedName(undefined, { fileName: '-.zip' })).toBeNull();
    expect(importedName(undefined, { fileName: '<script>.zip' })).toBeNull();
  });

  it('keeps a zip name short and clean', () => {
    expect(zipFileName(`${'a'.repeat(300)}.zip`)).toHaveLength(80);
  });
});
