import { describe, expect, it } from 'vitest';
import { sharingLine, withSharingLine } from './sharing-line';

const TEAM_RULES = '{"collections":{"posts":{"create":"signed-in","read":"signed-in","update":"creator","delete":"creator"}}}';
const board =
  "import { db, useCollection } from '@/lib/sprout';\nconst posts = db.collection('posts');\nexport const usePosts = () => useCollection('posts');\n";
const todos = "import { useCollection } from '@/lib/sprout';\nexport const useTodos = () => useCollection<Todo>('todos');\n";
const files = (entries: Record<string, string>) => new Map(Object.entries({ 'client/src/main.tsx': 'export {};\n', ...entries }));

describe('sharingLine', () => {
  it('says who sees what when a run writes the rules', () => {
    const before = files({});
    const after = files({ 'client/src/posts.ts': board, 'sprout.data.json': TEAM_RULES });
    expect(sharingLine(before, after)).toBe('Everyone who signs in to the app sees all posts; only the author can edit or delete theirs.');
  });

  it('says each visitor keeps their own when a run starts using a collection without rules', () => {
    expect(sharingLine(files({}), files({ 'client/src/todos.ts': todos }))).toBe('Each visitor keeps their own todos; nobody else sees them.');
  });

  it('says nothing when neither the rules nor the collections changed, or the app keeps no data', () => {
    const app = files({ 'client/src/posts.ts': board, 'sprout.data.json': TEAM_RULES });
    expect(sharingLine(app, new Map([...app, ['client/src/App.tsx', 'export default function App() { return null; }\n']]))).toBeNull();
    expect(sharingLine(files({}), files({ 'client/src/App.tsx': 'export default () => null;\n' }))).toBeNull();
  });

  it('says nothing over rules that do not parse (the data check reports them)', () => {
    expect(sharingLine(files({}), files({ 'client/src/posts.ts': board, 'sprout.data.json': '{"collections": {' }))).toBeNull();
  });
});

describe('withSharingLine', () => {
  const line = 'Each visitor keeps their own todos; nobody else sees them.';
  it('opens the reply with the line, once', () => {
    expect(withSharingLine('I built **Todos**.', line)).toBe(`${line}\n\nI built **Todos**.`);
    expect(withSharingLine(`${line}\n\nI built **Todos**.`, line)).toBe(`${line}\n\nI built **Todos**.`);
    expect(withSharingLine(`I can't build chess offline.\n\n${line}`, line)).toBe(`I can't build chess offline.\n\n${line}`);
    expect(withSharingLine('', line)).toBe(line);
    expect(withSharingLine('I built **Todos**.', null)).toBe('I built **Todos**.');
  });
});
