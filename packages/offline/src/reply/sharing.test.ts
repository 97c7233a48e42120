import { describe, expect, it } from 'vitest';
import { sharingOf } from './sharing';

const rules = (collections: unknown) => ({ path: 'sprout.data.json', content: JSON.stringify({ collections }) });

describe('sharingOf', () => {
  it('describes the declared collections and those the code names, literally or in config.ts', () => {
    const files = [
      rules({ posts: { create: 'signed-in', read: 'signed-in', update: 'creator', delete: 'creator' } }),
      { path: 'client/src/drafts.ts', content: 'const drafts = db.collection<Draft>(\'drafts\');\nuseCollection("posts");\n' },
      { path: 'client/src/config.ts', content: "export const collection = 'notes';\n" },
    ];
    expect(sharingOf(files)).toBe(
      'Everyone who signs in to the app sees all posts; only the author can edit or delete theirs. Each visitor keeps their own drafts and notes; nobody else sees them.',
    );
  });

  it('says nothing for an app that keeps no data, or whose rules do not parse', () => {
    expect(sharingOf([{ path: 'client/src/App.tsx', content: 'export default () => null;\n' }])).toBeNull();
    expect(
      sharingOf([
        { path: 'sprout.data.json', content: '{' },
        { path: 'client/src/a.ts', content: "db.collection('x')" },
      ]),
    ).toBeNull();
  });
});
