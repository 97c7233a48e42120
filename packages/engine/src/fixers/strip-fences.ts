// A Markdown fence line (```tsx, ```) inside a code file is never code: models leave them behind
// when they mix chat habits with the edit protocol. Markdown files keep theirs.

const FENCE = /^```[\w+-]*\s*$/;
const CODE = /\.(?:tsx?|jsx?|mjs|cjs|css|html|json)$/;

export function stripStrayFences(path: string, content: string): { content: string; changed: boolean } {
  if (!CODE.test(path)) return { content, changed: false };
  const lines = content.split('\n');
  const kept = lines.filter((l) => !FENCE.test(l));
  if (kept.length === lines.length) return { content, changed: false };
  return { content: kept.join('\n'), changed: true };
}
