import { afterAll, beforeAll } from 'vitest';

/**
 * Something a whole test file shares (a browser, a product, an in-process app): made before the
 * file's tests (in a `beforeAll`, so later hooks can use it) and closed after them. The handle is
 * usable from hooks and tests on; touching it earlier is an error.
 */
export function useFixture<T extends object>(what: string, create: () => Promise<T>, close: (value: T) => Promise<unknown>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  const ready = (): T => {
    if (!current) throw new Error(`${what} is made before the tests run: use it inside hooks and tests`);
    return current;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(ready(), key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
    set: (_, key, value) => Reflect.set(ready(), key, value),
  });
}

export { Tally, tallyDir, type TallyCounts } from './tally';
