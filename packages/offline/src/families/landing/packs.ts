// Copy for subjects people often ask for (the chip and the template prompts): a brand name, a
// palette and the sections' content. Anything a pack leaves out falls back to content-top/bottom.

import type { LandingVariant } from '../../understand/variants';
import type { Pack } from './context';
import { COFFEE, FITNESS, WEDDING } from './packs-local';
import { BOOTCAMP, PRODUCTIVITY } from './packs-online';

export const PACKS: readonly Pack[] = [FITNESS, COFFEE, WEDDING, BOOTCAMP, PRODUCTIVITY];

/** The pack for a subject, only within its own kind of page (a fitness course is not a coach's site). */
export function packFor(text: string, variant: LandingVariant): Pack | null {
  return PACKS.find((p) => p.variant === variant && p.test.test(text)) ?? null;
}
