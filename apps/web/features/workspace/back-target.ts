import { previousRoute } from '@/lib/browser/route-history';

// Pages that only pass through (they redirect or would start something again) are never "back".
const PASS_THROUGH = /^\/(init-project|login|register|go-to-checkout|build\/magic\/)/;

/** The previous in-app route (the routing history), else the project list. */
export function backTarget(history: string[], current: string): string {
  const visited = history.filter((r) => !PASS_THROUGH.test(r));
  return previousRoute(visited, current) ?? '/build';
}
