import { describe, expect, it } from 'vitest';
import { securityIssues } from './security-issues';

describe('securityIssues: what a security-fix run must leave none of', () => {
  it('turns the critical findings of a candidate’s files into check issues, and leaves warnings out', () => {
    const files = new Map([
      ['sprout.data.json', JSON.stringify({ collections: { posts: { update: 'anyone' }, notes: { update: 'signed-in' } } }, null, 2)],
      ['client/src/App.tsx', 'export default function App() {\n  return <div dangerouslySetInnerHTML={{ __html: "x" }} />;\n}\n'],
    ]);
    expect(securityIssues(files)).toEqual([
      {
        source: 'security',
        file: 'sprout.data.json',
        line: expect.any(Number),
        column: null,
        message: expect.stringContaining('In "posts", anyone can update'),
      },
    ]);
  });

  it('finds nothing in a candidate that fixed them', () => {
    expect(securityIssues(new Map([['sprout.data.json', JSON.stringify({ collections: { posts: { update: 'creator' } } })]]))).toEqual([]);
  });
});
