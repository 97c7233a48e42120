import { describe, expect, it } from 'vitest';
import { isAssetModule, localImports, namedFiles, selectRelevantFiles } from './select-files';

const files = new Map([
  ['client/src/App.tsx', "import { Board } from './components/Board';\nimport { Button } from '@/components/ui/button';\nexport default function App() {}"],
  ['client/src/components/Board.tsx', "import { TaskCard } from '@/components/TaskCard';\nexport function Board() {}"],
  ['client/src/components/TaskCard.tsx', 'export function TaskCard() {}'],
  ['client/src/components/Settings.tsx', 'export function Settings() {}'],
  ['client/src/components/ui/button.tsx', 'export { Button };'],
  ['client/src/assets/upload-1.ts', "export default 'data:image/png;base64,AAAA';"],
]);

describe('condensed context selection', () => {
  it('resolves relative and @/ imports to project files', () => {
    expect(localImports('client/src/App.tsx', files.get('client/src/App.tsx')!, files)).toEqual([
      'client/src/components/Board.tsx',
      'client/src/components/ui/button.tsx',
    ]);
  });

  it('finds files the message names by path or by name', () => {
    expect(namedFiles('Make the settings page darker', files)).toEqual(['client/src/components/Settings.tsx']);
    expect(namedFiles('fix client/src/components/TaskCard.tsx please', files)).toEqual(['client/src/components/TaskCard.tsx']);
    expect(namedFiles('the taskcard is ugly', files)).toEqual(['client/src/components/TaskCard.tsx']);
  });

  it('sends named, recently changed, App and their imports; not UI components or assets', () => {
    const picked = selectRelevantFiles(files, { request: 'rename Settings', recentlyChanged: ['client/src/assets/upload-1.ts'] });
    expect(picked).toEqual(['client/src/components/Settings.tsx', 'client/src/App.tsx', 'client/src/components/Board.tsx']);
  });

  it('respects the byte budget but always sends something', () => {
    const big = new Map([['client/src/App.tsx', 'x'.repeat(50_000)]]);
    expect(selectRelevantFiles(big, { request: '', recentlyChanged: [], budgetBytes: 1000 })).toEqual(['client/src/App.tsx']);
  });

  it('recognises image asset modules', () => {
    expect(isAssetModule(files.get('client/src/assets/upload-1.ts')!)).toBe(true);
    expect(isAssetModule('export default 1')).toBe(false);
  });
});
