// Who sees a composed app's records, as rules (sprout.data.json) and as words for the reply. The
// kind of sharing is core's chooseDataSharing (compose.ts), the decision the run's data check
// follows too; the rules here are its levels, opened where the list is changed in place.

import { SHARING_RULES } from '@sprout/core';
import type { CollectionSpec } from '../data-rules';
import { INBOX, recordFieldRule } from '../data-rules';
import type { Composition } from './compose';

/** The field a shared list stores its author's email in (shown as "Added by …"); no entity uses it. */
export const ADDED_BY = 'addedBy';

/** Records changed in place by anyone who sees them: ticked off (a shopping list) or moved along a board. */
const changedInPlace = (c: Composition) => !!c.board || c.fields.some((f) => f.type === 'checkbox');

/** The collection's rules; null for a visitor's own list (the default rules say exactly that). */
export function sharingRules(c: Composition): CollectionSpec | null {
  const fields = Object.fromEntries(c.fields.map((f) => [f.name, recordFieldRule(f)]));
  switch (c.sharing) {
    case 'inbox':
      return { ...INBOX, fields };
    case 'team':
      // Only its author edits or deletes a post; a household ticks off each other's items.
      return {
        ...SHARING_RULES.team,
        ...(changedInPlace(c) ? { update: 'signed-in' } : {}),
        fields: { ...fields, [ADDED_BY]: { type: 'string', maxLength: 254 } },
      };
    case 'public':
      // Visitors have no account to own what they wrote: the owner moderates, in the Data panel.
      return { ...SHARING_RULES.public, ...(changedInPlace(c) ? { update: 'anyone' } : {}), fields };
    case 'personal':
      return null;
  }
}

/** The reply's line on where the records live and who sees them. */
export function sharingBuilt(c: Composition): string {
  const one = c.entity.singular;
  switch (c.sharing) {
    case 'inbox':
      return `Every ${one} is saved in the app’s backend: anyone can send one, only you can read them (the Data panel).`;
    case 'team':
      return changedInPlace(c)
        ? `Shared, live, by everyone who signs in (the app’s own accounts): each ${one} shows who added it; anyone signed in can update it, only its author can delete it.`
        : `Shared, live, by everyone who signs in (the app’s own accounts): each ${one} shows who added it; only its author can edit or delete it.`;
    case 'public':
      return `Every visitor sees every ${one} and can add their own, live, no sign-up needed; you change or remove them in the Data panel.`;
    case 'personal':
      return 'Saved in the app’s backend, per visitor: each person sees only their own, on every visit (no sign-up needed).';
  }
}
