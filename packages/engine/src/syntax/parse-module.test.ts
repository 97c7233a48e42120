import { describe, expect, it } from 'vitest';
import { isCodeModule, parseModule } from './parse-module';

describe('parseModule', () => {
  it('reads TSX with type arguments, and TS where `<T>x` is an assertion', () => {
    expect(parseModule('a.tsx', 'const r = useRef<HTMLCanvasElement>(null); export default () => <canvas ref={r} />;')).not.toBeNull();
    expect(parseModule('a.ts', 'const n = <number>x;')).not.toBeNull();
  });

  it('reads JSX in .js and .jsx files', () => {
    expect(parseModule('a.jsx', 'export default () => <div />;')).not.toBeNull();
    expect(parseModule('a.js', 'export default () => <div />;')).not.toBeNull();
  });

  it('recovers from small slips and gives null, never throws, on what it cannot read', () => {
    expect(parseModule('a.tsx', 'let x = 1; let x = 2; export default x;')).not.toBeNull();
    expect(parseModule('a.tsx', 'export default () => <div>{{{{</div')).toBeNull();
    expect(parseModule('a.css', 'body { color: red }')).toBeNull();
    expect(parseModule('types.d.ts', 'declare const x: number;')).toBeNull();
  });

  it('knows which paths are code modules', () => {
    expect(['a.ts', 'a.tsx', 'a.js', 'a.jsx', 'a.mjs'].every(isCodeModule)).toBe(true);
    expect(['a.d.ts', 'a.css', 'a.json', 'a.md', 'tsx'].some(isCodeModule)).toBe(false);
  });
});
