import 'server-only';
import type { PlanPrices } from '@sprout/core/contract';
import { prices } from '@sprout/core/routes';
import { routeUrl } from '../api/route-url';
import { serverConfig } from './config';

/** The plans' prices for a server-rendered page (no token needed); null when the API does not answer, and the page asks again. */
export async function serverPlanPrices(): Promise<PlanPrices | null> {
  try {
    const res = await fetch(routeUrl({ apiUrl: serverConfig().apiInternalUrl }, prices), { cache: 'no-store', signal: AbortSignal.timeout(3_000) });
    return res.ok ? ((await res.json()) as PlanPrices) : null;
  } catch (err) {
    console.error('plan prices for the page:', (err as Error).message);
    return null;
  }
}
