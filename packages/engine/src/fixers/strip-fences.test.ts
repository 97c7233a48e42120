import { describe, expect, it } from 'vitest';
import { stripStrayFences } from './strip-fences';

describe('stripStrayFences', () => {
  it('removes fence lines left inside a code file', () => {
    const r = stripStrayFences('client/src/App.tsx', '```tsx\nexport default function App() {}\n```\n');
    expect(r).toEqual({ content: 'export default function App() {}\n', changed: true });
  });

  it('keeps Markdown files and files without fences unchanged', () => {
    expect(stripStrayFences('README.md', '```sh\nnpm i\n```\n').changed).toBe(false);
    expect(stripStrayFences('client/src/a.ts', 'const a = `x`;\n').changed).toBe(false);
  });
});
