// `useEffect(() => ref.current?.scrollIntoView(), [...])` is everywhere in generated React code. Since
// Chromium 156 the scroll methods return a promise, the effect returns it, and React calls it as the
// effect's cleanup on the next run or on unmount: "TypeError: n is not a function" and a blank app.
// Such a scroll call never returns a cleanup, so giving the arrow a block body is always safe. Only
// this shape is rewritten; other expression-bodied effects may return a real cleanup.

const JS = /\.(?:tsx?|jsx?|mjs|cjs)$/;
// use(Layout)Effect(() => <target>.scroll|scrollTo|scrollBy|scrollIntoView(<args, one level of parens>),
const EFFECT_SCROLL = /(use(?:Layout)?Effect\(\s*\(\)\s*=>\s*)(?![\s{(])([\w$.?[\]'"]*?\.scroll(?:IntoView|To|By)?\((?:[^()]|\([^()]*\))*\))(\s*[,)])/g;

export function fixEffectScroll(path: string, content: string): { content: string; changed: boolean } {
  if (!JS.test(path) || !content.includes('scroll')) return { content, changed: false };
  const fixed = content.replace(EFFECT_SCROLL, (_m, head: string, call: string, tail: string) => `${head}{\n    ${call};\n  }${tail}`);
  return { content: fixed, changed: fixed !== content };
}
