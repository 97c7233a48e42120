// A plan's integrations: what an app's files use beyond its data (server functions, e-mail,
// payments, file storage, the app's AI), read from the files, so a plan lists only what the
// build really sets up. Most offline apps use none.

import type { Plan } from '@sprout/core/contract';

export type PlanIntegration = Plan['integrations'][number];

// The server functions the offline builder writes (source/server/functions), in a sentence each.
const FUNCTIONS: Record<string, PlanIntegration> = {
  'functions/send-request.ts': {
    name: 'Server function',
    reason:
      'Each form request goes through functions/send-request.ts, which saves it and tells you: in the Functions panel’s log, and in Slack or Discord once you add the secret NOTIFY_WEBHOOK_URL.',
  },
  'functions/confirm-booking.ts': {
    name: 'Email',
    reason:
      'A confirmation e-mail to whoever books, sent from the server (functions/confirm-booking.ts); every mail is listed in the Functions panel’s Outbox.',
  },
  'functions/daily-reminder.ts': {
    name: 'Scheduled function',
    reason:
      'Every morning at 07:00 UTC, functions/daily-reminder.ts lists the day’s bookings in the Functions panel’s log (and in Slack or Discord with NOTIFY_WEBHOOK_URL).',
  },
};

/** What the app's page imports from the template's client (`@/lib/sprout`): db, ai, files, payments… */
function clientParts(files: ReadonlyMap<string, string>): Set<string> {
  const parts = new Set<string>();
  for (const [path, content] of files) {
    if (!path.startsWith('client/src/') || path === 'client/src/lib/sprout.ts') continue;
    for (const m of content.matchAll(/^import \{([^}]*)\} from '@\/lib\/sprout';$/gm))
      for (const name of m[1]!.split(',')) parts.add(name.trim().replace(/^type\s+/, ''));
  }
  return parts;
}

/** The deposit config.ts asks for (the scheduler's `deposit`), as money, or null. */
function depositText(config: string): string | null {
  const m = /^export const deposit[^=]*= \{ amount: (\d+), currency: '([a-z]{3})' \};$/m.exec(config);
  if (!m) return null;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: m[2]!.toUpperCase() }).format(Number(m[1]) / 100);
}

export function integrationsOf(files: ReadonlyMap<string, string>): PlanIntegration[] {
  const out: PlanIntegration[] = [];
  for (const [path, integration] of Object.entries(FUNCTIONS)) if (files.has(path)) out.push(integration);
  const parts = clientParts(files);
  const deposit = parts.has('payments') ? depositText(files.get('client/src/config.ts') ?? '') : null;
  if (deposit)
    out.push({
      name: 'Payments',
      reason: `A ${deposit} deposit at booking through Sprout’s checkout: a test checkout in the preview, your Stripe account once published (Data → Payments).`,
    });
  if (parts.has('files')) out.push({ name: 'File storage', reason: 'Photos are uploaded to the app’s file storage.' });
  if (parts.has('ai')) out.push({ name: 'AI', reason: 'The app asks its AI (ai.chat) for suggestions when the person presses a button.' });
  return out;
}
