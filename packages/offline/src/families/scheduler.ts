// Appointment scheduler: calendar → free time slots → the visitor's details with validation →
// confirmation. Anyone books; only the owner reads the bookings (the app's backend, `bookings`);
// each booked time also goes to the public `taken-slots`, so it is no longer offered to anyone.

import { schedulerChecks } from '../checks/family-checks';
import { extractFormFields, type FieldSpec } from '../understand/fields';
import { joinList, normalise } from '../understand/text';
import type { AppSpec } from '../understand/understand';
import { appName, baseFiles, configFile, FIELD_TYPE_IMPORT, honouredLook, lookFor } from './common';
import { dataRulesFile, formFieldRules, INBOX } from './data-rules';
import { exportConst } from './literal';
import { serverFiles, sourceFiles } from './source';
import type { GeneratedApp } from './types';

const DEFAULT_FIELDS: FieldSpec[] = extractFormFields('name, email and phone');
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Slot length from "30-minute", "45 min", "1 hour" sessions. */
function slotMinutes(prompt: string): number {
  const t = normalise(prompt);
  const min = /\b(\d{2,3})[- ]?(?:min|mins|minute|minutes)\b/.exec(t);
  if (min) return Math.min(180, Math.max(10, Number(min[1])));
  const hr = /\b(1|2|one|two|an?)[- ]?hours?\b(?! (?:before|notice|ahead))/.exec(t);
  if (hr) return /^(?:2|two)$/.test(hr[1]!) ? 120 : 60;
  return 30;
}

const to24 = (h: number, ampm: string | undefined) => (ampm === 'pm' && h < 12 ? h + 12 : ampm === 'am' && h === 12 ? 0 : h);
const pad = (n: number) => String(n).padStart(2, '0');

/** Opening hours from "9am to 5pm", "from 8:00 - 18:00"; default 9:00–17:00. */
function openingHours(prompt: string): { start: string; end: string } {
  const m = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|to|until|till)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b/.exec(normalise(prompt));
  if (m && (m[3] || m[6] || m[2] || m[5])) {
    const start = to24(Number(m[1]), m[3] ?? (m[6] === 'pm' && Number(m[1]) < Number(m[4]) ? undefined : m[3]));
    const end = to24(Number(m[4]), m[6] ?? (Number(m[4]) < start ? 'pm' : undefined));
    if (start < end && end <= 24) return { start: `${pad(start)}:${m[2] ?? '00'}`, end: `${pad(end)}:${m[5] ?? '00'}` };
  }
  return { start: '09:00', end: '17:00' };
}

function openDays(prompt: string): number[] {
  const t = normalise(prompt);
  if (/\b(?:weekdays|monday to friday|mon-fri|business days)\b/.test(t)) return [1, 2, 3, 4, 5];
  if (/\b(?:every day|7 days|seven days|daily)\b/.test(t)) return [0, 1, 2, 3, 4, 5, 6];
  if (/\bweekends?\b/.test(t) && !/\bweekdays\b/.test(t)) return [0, 6];
  return [1, 2, 3, 4, 5, 6];
}

function daysSummary(days: number[]): string {
  if (days.length === 7) return 'Every day';
  const sorted = [...days].sort();
  const contiguous = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  return contiguous && sorted.length > 2 ? `${DAY_NAMES[sorted[0]!]}–${DAY_NAMES[sorted[sorted.length - 1]!]}` : sorted.map((d) => DAY_NAMES[d]).join(', ');
}

function clock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}${m ? `:${pad(m)}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

const CURRENCY: Record<string, string> = { $: 'usd', '€': 'eur', '£': 'gbp', dollar: 'usd', usd: 'usd', euro: 'eur', eur: 'eur', pound: 'gbp', gbp: 'gbp' };

/** A deposit taken at booking ("takes a $20 deposit", "a 15 euro deposit", "pay upfront"); $20 when no amount is named. */
export function depositOf(prompt: string): { amount: number; currency: string } | null {
  const t = prompt.toLowerCase();
  if (!/\b(?:deposits?|pre-?pay(?:ment)?|pay (?:up ?front|in advance|when (?:they|you) book)|take payments?)\b/.test(t)) return null;
  const before = /([$€£])\s?(\d{1,4}(?:\.\d{2})?)/.exec(t);
  const after = /(\d{1,4}(?:\.\d{2})?)\s?(dollars?|usd|euros?|eur|pounds?|gbp)\b/.exec(t);
  const [value, unit] = before ? [before[2]!, before[1]!] : after ? [after[1]!, after[2]!.replace(/s$/, '')] : ['20', '$'];
  const amount = Math.round(Number(value) * 100);
  return { amount: Math.min(100_000, Math.max(100, amount)), currency: CURRENCY[unit] ?? 'usd' };
}

const moneyText = (d: { amount: number; currency: string }) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: d.currency.toUpperCase() }).format(d.amount / 100);

// `yyyy-MM-ddTHH:mm`, the slot both collections are unique on.
const SLOT = { type: 'string', required: true, maxLength: 16 } as const;

/** Bookings: the visitor's details, for the owner's eyes only. Taken slots: the time and nothing else. */
function schedulerRules(fields: readonly FieldSpec[]) {
  return dataRulesFile({
    // A form field called "slot" would be the visitor's text, not the time: the time's rule wins.
    bookings: { ...INBOX, fields: { slot: SLOT, ...formFieldRules(fields.filter((f) => f.name !== 'slot')) }, unique: ['slot'] },
    'taken-slots': { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody', fields: { slot: SLOT }, strict: true, unique: ['slot'] },
  });
}

export function generateScheduler(spec: AppSpec): GeneratedApp {
  const fields = spec.fields.length ? spec.fields.map((f) => ({ ...f, required: f.required ?? false })) : DEFAULT_FIELDS;
  const minutes = slotMinutes(spec.prompt);
  const { start, end } = openingHours(spec.prompt);
  const days = openDays(spec.prompt);
  const name = appName(spec, (s) => (s ? `${s}` : 'Appointments'));
  const tagline = spec.subject.subject
    ? `Pick a day and a free time with ${spec.subject.subject.replace(/^(?:a|an|the)\s+/i, 'the ')}. It takes under a minute.`
    : 'Pick a day, choose a free time and leave your details. It takes under a minute.';
  const look = lookFor(spec, 'calm');
  const summary = `${daysSummary(days)} · ${clock(start)}–${clock(end)}`;
  const deposit = depositOf(spec.prompt);
  const body = [
    exportConst('app', { name, headline: 'Book an appointment', tagline, service: `${minutes}-minute appointment` }),
    '/** Opening days (0 = Sunday), hours and slot length. Booked slots are never offered twice. */',
    exportConst('hours', { start, end, slotMinutes: minutes, openDays: days, daysAhead: 60, noticeMinutes: 60, summary }),
    exportConst('bookingFields', fields, 'Field[]'),
    "/** Taken at booking through Sprout's checkout (a test checkout in the preview), in cents; null: no deposit. */",
    exportConst('deposit', deposit, '{ amount: number; currency: string } | null'),
  ].join('\n');
  return {
    name,
    files: [
      ...baseFiles({ title: name, description: tagline, look, parts: ['storage', 'fields', 'data'] }),
      schedulerRules(fields),
      ...schedulerChecks(fields, deposit !== null),
      configFile('scheduler', null, 'Name, opening hours, slot length and the booking form fields.', body, [FIELD_TYPE_IMPORT]),
      ...sourceFiles('scheduler', [
        'App.tsx',
        'scheduler/slots.ts',
        'scheduler/SlotPicker.tsx',
        'scheduler/BookingForm.tsx',
        'scheduler/Confirmation.tsx',
        'scheduler/MyBookings.tsx',
      ]),
      ...serverFiles(['functions/daily-reminder.ts', 'functions/confirm-booking.ts', 'lib/notify.ts']),
    ],
    kind: 'an appointment booking page that saves each booking',
    summary: `Built ${name}, an appointment scheduler`,
    built: [
      `A calendar of bookable days (${summary}, ${minutes}-minute slots, up to 60 days ahead).`,
      'Free time slots for the chosen day, live: a time someone books disappears for every visitor; past slots are not offered.',
      `A form for ${joinList(fields.map((f) => f.label.toLowerCase()))} with validation, then a confirmation with the appointment details.`,
      'Bookings are saved in the app’s backend: anyone can book, only you can read them (Data panel), and a time can never be booked twice. Visitors see their own upcoming bookings in their browser; to free a time again, delete the booking and its entry in taken-slots.',
      'A confirmation e-mail to whoever books (functions/confirm-booking.ts), sent from the server through the app’s mail: the page only names the booking, so it can never choose whom to write to. Every mail is listed in the Functions panel’s Outbox.',
      ...(deposit
        ? [
            `A deposit of ${moneyText(deposit)} taken at booking through Sprout’s checkout: a test checkout in the preview (no card, no money), your Stripe account once published (connect it under Data → Payments). Paid deposits are listed there, and each visitor sees theirs confirmed.`,
          ]
        : []),
      'A reminder every morning at 07:00 UTC (a scheduled function, functions/daily-reminder.ts) lists the day’s bookings in the Functions panel’s log, and sends them to Slack or Discord once you add their incoming-webhook address as the secret NOTIFY_WEBHOOK_URL.',
    ],
    honoured: [
      ...(spec.fields.length ? [`Form fields you named: ${joinList(fields.map((f) => f.label.toLowerCase()))}.`] : []),
      ...(spec.flags.mobile ? ['Mobile-optimised: one column of big, thumb-friendly steps; side by side only on wide screens.'] : []),
      honouredLook(look),
    ],
    unsupported: [],
  };
}
