// Who should see an app's data, read from what the person asked for. One decision, used by the
// offline builder (which rules it writes), by the run's data check (whether collections left to the
// per-visitor default are a mistake) and by the system prompt's wording, so they cannot disagree.
// Per visitor is the default: a person who says nothing about others gets data nobody else sees.

import type { AccessLevel, Operation } from './rules';

/**
 * - `team`: a group whose members know each other (a team board, a household list): they sign in
 *   (the app's own accounts) and all see everything; only a document's author changes or deletes it.
 * - `public`: a wall anyone may read and add to (a guestbook, a leaderboard); the project owner
 *   moderates it (Sprout's Data panel): an anonymous visitor has no account to own what they wrote.
 * - `inbox`: anyone sends, only the project owner reads (bookings, RSVPs, submissions, sign-up
 *   sheets: their emails and phone numbers are not for every visitor to read).
 * - `personal`: each visitor's own (the default rules): nobody else sees it.
 */
export type DataSharing = 'team' | 'public' | 'inbox' | 'personal';

// "Shared with my partner", "share it with the family": an explicit share beats "my own".
const SHARE_WITH = /\b(?:shar(?:e|es|ed|ing)\s+(?:it\s+|them\s+|this\s+)?(?:with|between|among|across)|collaborat\w*|multiplayer|multi-user)\b/i;
// Words that say the data is one person's ("a personal trainer's bookings" is not: "personal" must name the app).
const PERSONAL =
  /\b(?:(?:my )?personal (?:[\w-]+ )?(?:list|journal|diary|log|tracker|notes?|app|budget|to-?dos?|planner|board|space|wiki|dashboard|use|records?|collection)|just (?:for )?me|only (?:for )?me|for myself|my own|by myself|nobody else|no one else)\b/i;
// Weaker: "private" gives way to a group ("a private board for our team").
const PRIVATE = /\bprivate(?:ly)?\b/i;
// A group whose members see and sign their work.
const TEAM =
  /\b(?:teams?|teammates?|team members?|stand-?ups?|colleagues?|co-?workers?|coworkers|staff|employees|households?|famil(?:y|ies)|roommates?|flatmates?|housemates?|our (?:office|company|club|class|group|house|flat|home|crew|band|studio|startup|department)|(?:club|group|class|band|crew) members|all (?:the )?members|shar(?:e|ed|ing))\b/i;
// A wall anyone reads: what visitors add is for every visitor to see.
const PUBLIC =
  /\b(?:every(?:one|body)|any ?one can (?:see|read)|public(?:ly)?|guest ?books?|leader ?boards?|high ?scores? (?:board|table|list)|message (?:board|wall)|(?:comment|idea|suggestion|shout-?out|kudos) (?:wall|board)s?|all (?:the )?(?:users|visitors)|other (?:users|visitors|people|players)|forum|polls?|votes?|voting|upvot\w*)\b/i;
// Sent by anyone, read by the owner only.
const INBOX =
  /\b(?:submissions?|sign-?up sheets?|signup sheets?|bookings?|reservations?|rsvps?|wait ?lists?|contact forms?|feedback forms?|surveys?|application forms?|owner (?:sees|can see|reads)|(?:i|we) (?:can )?(?:see|read) (?:the |all |every )?(?:answers|responses|entries|messages))\b/i;

/** Who should see the data of the app this request describes. */
export function chooseDataSharing(request: string): DataSharing {
  if (SHARE_WITH.test(request)) return 'team';
  if (PERSONAL.test(request)) return 'personal';
  if (TEAM.test(request)) return 'team';
  if (PRIVATE.test(request)) return 'personal';
  if (PUBLIC.test(request)) return 'public';
  if (INBOX.test(request)) return 'inbox';
  return 'personal';
}

/** Whether the request asks for data other people than its author must see. */
export const asksForSharedData = (request: string): boolean => chooseDataSharing(request) !== 'personal';

/** The access rules of a collection of each kind of sharing (`nobody` = only the project owner, in Sprout's Data panel). */
export const SHARING_RULES: Readonly<Record<DataSharing, Readonly<Record<Operation, AccessLevel>>>> = {
  team: { create: 'signed-in', read: 'signed-in', update: 'creator', delete: 'creator' },
  public: { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' },
  inbox: { create: 'anyone', read: 'nobody', update: 'nobody', delete: 'nobody' },
  personal: { create: 'anyone', read: 'creator', update: 'creator', delete: 'creator' },
};
