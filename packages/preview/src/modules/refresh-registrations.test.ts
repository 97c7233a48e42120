import { describe, expect, it } from 'vitest';
import { analyzeModule } from './analyze-module';

const refreshOf = (code: string) => analyzeModule(code, 'client/src/App.tsx').refresh;

describe('Fast Refresh registrations', () => {
  it('registers top-level components under the module path and signs them with their hooks', () => {
    const code = [
      'import { useState, useEffect } from "react";',
      'import { useTasks } from "./hooks";',
      'export function App() {',
      '  const [count, setCount] = useState(0);',
      '  useEffect(() => { const inner = () => useNotCounted(); }, []);',
      '  const tasks = useTasks();',
      '  return count;',
      '}',
      'const Card = () => null;',
      'export const helper = () => 1;',
    ].join('\n');
    const out = refreshOf(code);
    expect(out).toContain('__sprout_h.reg(App, "client/src/App.tsx App");');
    expect(out).toContain('__sprout_h.sig(App, "useState{[count, setCount](0)}\\nuseEffect{}\\nuseTasks{tasks}", false, () => [useTasks]);');
    expect(out).toContain('__sprout_h.reg(Card, "client/src/App.tsx Card"); __sprout_h.sig(Card, "", false);');
    // Lower-case functions are not components.
    expect(out).not.toContain('helper');
  });

  it('follows memo and forwardRef to the function inside, and registers wrapped components by name', () => {
    const code = [
      'import { memo, forwardRef, useRef, createContext } from "react";',
      'function Inner() { return null; }',
      'export const Field = memo(forwardRef(function Field(props, ref) { const r = useRef(null); return null; }));',
      'export const Pure = memo(Inner);',
      'export const Theme = createContext(null);',
    ].join('\n');
    const out = refreshOf(code);
    expect(out).toContain('__sprout_h.sig(Field, "useRef{r}", false);');
    expect(out).toContain('__sprout_h.reg(Pure, "client/src/App.tsx Pure");');
    expect(out).not.toContain('__sprout_h.sig(Pure');
    // A context is not a component.
    expect(out).not.toContain('Theme');
  });

  it('resets a component whose custom hook cannot be followed from the module scope', () => {
    const code = 'export function Form({ form }) { form.useField(); return null; }';
    expect(refreshOf(code)).toContain('__sprout_h.sig(Form, "form.useField{}", true);');
  });

  it('adds nothing to a module without components', () => {
    expect(refreshOf('export const sum = (a, b) => a + b;')).toBe('');
  });
});
