import { describe, expect, it } from 'vitest';
import { exportsOf, uiModules } from './exports';

describe('exportsOf', () => {
  it('finds declared, listed, aliased and default exports', () => {
    const code = `
export function TaskCard() {}
export const COLUMNS = [];
export type Task = { id: string };
export interface Column { id: string }
const a = 1, b = 2;
export { a, b as bee, type Task as T2 };
export default function App() {}
`;
    expect(exportsOf(code).sort()).toEqual(['App', 'COLUMNS', 'Column', 'T2', 'Task', 'TaskCard', 'a', 'bee'].sort());
  });

  it('marks an anonymous default export', () => {
    expect(exportsOf('export default () => null;')).toEqual(['default']);
  });
});

describe('uiModules', () => {
  it('lists the components under client/src/components/ui with their exports', () => {
    const files = new Map([
      ['client/src/components/ui/button.tsx', 'function Button() {}\nexport { Button, buttonVariants };\n'],
      ['client/src/App.tsx', 'export default function App() {}'],
    ]);
    expect(uiModules(files)).toEqual([
      { module: '@/components/ui/button', path: 'client/src/components/ui/button.tsx', exports: ['Button', 'buttonVariants'] },
    ]);
  });
});
