import { randomInt } from 'node:crypto';
import type { PublishAddress } from '@sprout/core/contract';
import { ADDRESS_HELD_MESSAGE, ADDRESS_HOLD_MS, slugCandidates, validateSlug } from '@sprout/core';
import { changeSlug, claimSlug, slugState, type Db, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import { siteUrlOf } from '../hosting/hosts';
import type { Config } from '../config';

/** What choosing an address uses (not the whole Services: a publish job's worker has these). */
export interface AddressServices {
  db: Db;
  config: Config;
}

const ADDRESS_TAKEN = 'That address is taken. Try another.';

/** Addresses given up after this are still held for their owner. */
const heldSince = () => new Date(Date.now() - ADDRESS_HOLD_MS);

/** Why the project may not have `slug`, or null when it may. */
async function refusal(s: AddressServices, sprout: SproutRow, slug: string): Promise<string | null> {
  const state = await slugState(s.db, slug, sprout.ownerId, heldSince());
  if (state.kind === 'held') return ADDRESS_HELD_MESSAGE;
  return state.kind === 'project' && state.sproutId !== sprout.id ? ADDRESS_TAKEN : null;
}

function answer(s: AddressServices, slug: string, fields: Omit<PublishAddress, 'slug' | 'url'>): PublishAddress {
  return { slug, url: siteUrlOf(slug, s.config), ...fields };
}

/** The first address made from the project's name that is valid and free, without claiming it. */
async function proposal(s: AddressServices, sprout: SproutRow): Promise<string | null> {
  for (const candidate of slugCandidates(sprout.displayName, randomInt)) {
    if (!validateSlug(candidate).ok) continue;
    if ((await refusal(s, sprout, candidate)) === null) return candidate;
  }
  return null;
}

/**
 * GET …/address: where the app is published (its kept address), or would be (a free one from its
 * name); with `slug`, whether the person may publish there, and if not, why.
 */
export async function publishAddress(s: AddressServices, sprout: SproutRow, wanted?: string): Promise<PublishAddress> {
  if (wanted === undefined) {
    if (sprout.slug) return answer(s, sprout.slug, { available: true, current: true, message: null });
    const slug = await proposal(s, sprout);
    if (!slug) throw new AppError(503, 'slug_unavailable', 'Could not find a free address for this app. Type one of your own.');
    return answer(s, slug, { available: true, current: false, message: null });
  }
  const check = validateSlug(wanted);
  if (!check.ok) return { slug: wanted.trim().toLowerCase(), url: '', available: false, current: false, message: check.message };
  if (check.slug === sprout.slug) return answer(s, check.slug, { available: true, current: true, message: null });
  const refused = await refusal(s, sprout, check.slug);
  return answer(s, check.slug, { available: refused === null, current: false, message: refused });
}

/** A typed address is checked before the (slow) build, so a bad one fails at once. */
export async function checkWantedSlug(s: AddressServices, sprout: SproutRow, wanted: string | undefined): Promise<string | null> {
  if (wanted === undefined) return null;
  const check = validateSlug(wanted);
  if (!check.ok) throw new AppError(422, 'invalid_address', check.message, { fields: [{ path: 'slug', message: check.message }] });
  if (check.slug === sprout.slug) return null;
  const refused = await refusal(s, sprout, check.slug);
  if (refused) throw new AppError(409, 'address_taken', refused, { fields: [{ path: 'slug', message: refused }] });
  return check.slug;
}

/** The address to publish at: the one the person chose (claimed now, atomically), else the kept or a new one from the name. */
export async function settleSlug(s: AddressServices, sprout: SproutRow, chosen: string | null): Promise<string> {
  if (chosen !== null) {
    if ((await changeSlug(s.db, sprout.id, chosen, heldSince())) === 'taken')
      throw new AppError(409, 'address_taken', ADDRESS_TAKEN, { fields: [{ path: 'slug', message: ADDRESS_TAKEN }] });
    return chosen;
  }
  const candidates = slugCandidates(sprout.displayName, randomInt).filter((c) => validateSlug(c).ok);
  const slug = sprout.slug ?? (await claimSlug(s.db, sprout.id, candidates, heldSince()));
  if (!slug) throw new AppError(503, 'slug_unavailable', 'Could not find a free address for this app. Please try again.');
  return slug;
}
