import { describe, expect, it } from 'vitest';
import { buildErrorPage, messagePage } from './pages';

describe('pages', () => {
  it('escape what they show', () => {
    expect(messagePage('<b>', '"x" & \'y\'')).toContain('<h1>&lt;b&gt;</h1><p>&quot;x&quot; &amp; &#39;y&#39;</p>');
    const page = buildErrorPage([{ file: 'client/src/<App>.tsx', line: 2, column: 3, message: '<script>alert(1)</script>', lineText: 'a < b' }]);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('client/src/&lt;App&gt;.tsx:2:3');
    expect(page).toContain('a &lt; b');
  });

  it('carry the bridge only when given', () => {
    expect(buildErrorPage([], 'bridge()')).toContain('<script>bridge()</script>');
    expect(buildErrorPage([])).not.toContain('<script>');
  });
});
