/**
 * One holder at a time per repository, in this process: bringing a repository up to date and a push
 * into it never interleave. Repositories are a cache on this instance's disk (another instance has
 * its own), and what must agree across instances is settled by the database's transactions.
 */
export class RepoLocks {
  readonly #tails = new Map<string, Promise<void>>();

  async hold<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => {
      release = r;
    });
    const tail = before.then(() => mine);
    this.#tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
