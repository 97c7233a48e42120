import type { AppFunctionList, SecretList } from '@sprout/core/contract';

/**
 * The secrets the preview's functions read that the live app does not have: publishing puts these
 * functions online with the live secrets only (test values never go live), so each name here is a
 * function that will find `ctx.env.NAME` empty once published. Sorted, each name once.
 */
export function secretsMissingLive(functions: AppFunctionList, live: SecretList): string[] {
  const set = new Set(live.secrets.map((s) => s.name));
  const read = new Set(functions.functions.flatMap((fn) => fn.secrets));
  return [...read].filter((name) => !set.has(name)).sort();
}
