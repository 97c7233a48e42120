// Copy for subjects people often ask for (the chip and the template prompts): a brand name, a
// palette and the sections' content, as data in packs.json. Anything a pack leaves out falls back
// to content-top/bottom.

import type { LandingVariant } from '../../understand/variants';
import type { Pack } from './context';
import data from './packs.json' with { type: 'json' };

type StoredPack = Omit<Pack, 'test'> & { test: string };
const stored = data as unknown as Record<'fitness' | 'coffee' | 'wedding' | 'bootcamp' | 'productivity', StoredPack>;
const compile = (p: StoredPack): Pack => ({ ...p, test: new RegExp(p.test) });

const PACKS: readonly Pack[] = [stored.fitness, stored.coffee, stored.wedding, stored.bootcamp, stored.productivity].map(compile);

/** The pack for a subject, only within its own kind of page (a fitness course is not a coach's site). */
export function packFor(text: string, variant: LandingVariant): Pack | null {
  return PACKS.find((p) => p.variant === variant && p.test.test(text)) ?? null;
}
