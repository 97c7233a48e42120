import { describe, expect, it } from 'vitest';
import { fixEffectScroll } from './effect-scroll';

describe('fixEffectScroll', () => {
  it('gives effects that only scroll a block body, so no promise becomes their cleanup', () => {
    const src = [
      "useEffect(() => end.current?.scrollIntoView({ behavior: 'smooth', block: 'end' }), [messages.length]);",
      'useLayoutEffect(() => window.scrollTo(0, 0), [page]);',
      'React.useEffect(() => list.current?.scrollBy({ top: 40 }))',
    ].join('\n');
    const r = fixEffectScroll('client/src/Chat.tsx', src);
    expect(r.changed).toBe(true);
    expect(r.content).toBe(
      [
        "useEffect(() => {\n    end.current?.scrollIntoView({ behavior: 'smooth', block: 'end' });\n  }, [messages.length]);",
        'useLayoutEffect(() => {\n    window.scrollTo(0, 0);\n  }, [page]);',
        'React.useEffect(() => {\n    list.current?.scrollBy({ top: 40 });\n  })',
      ].join('\n'),
    );
  });

  it('leaves block bodies, cleanups, other expressions and non-code files alone', () => {
    for (const src of [
      'useEffect(() => { end.current?.scrollIntoView(); }, []);',
      'useEffect(() => () => window.scrollTo(0, 0), []);',
      'useEffect(() => store.subscribe(onChange), []);',
      'const go = () => window.scrollTo(0, 0);',
    ]) {
      expect(fixEffectScroll('client/src/a.tsx', src)).toEqual({ content: src, changed: false });
    }
    expect(fixEffectScroll('client/src/notes.md', 'useEffect(() => window.scrollTo(0, 0), []);').changed).toBe(false);
  });
});
