import { describe, expect, it } from 'vitest';
import { collectionCalls } from './collection-calls';
import { parseModule } from './parse-module';

describe('collectionCalls', () => {
  it('finds literal names in db.collection and useCollection, typed or not, first use first', () => {
    const code = `const a = db.collection('tasks');
const b = db.collection<Entry>("entries");
const { data } = useCollection<Task>(\`tasks\`);
useCollection(name); db.collection(\`t-\${x}\`); other.collection('nope'); db['collection']('nope2');
// db.collection('commented')
const s = "useCollection('quoted')";`;
    expect([...collectionCalls(parseModule('a.tsx', code)!)]).toEqual([
      ['tasks', 1],
      ['entries', 2],
    ]);
  });
});
