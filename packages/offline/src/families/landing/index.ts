// Landing pages: service sites (a coach, a studio), product launches, venues (a coffee shop),
// courses and portfolios, built from one section library. Every call to action opens a form; its
// requests and the waitlist go to the app's backend, where anyone may write and only the owner reads.

import { landingChecks } from '../../checks/family-checks';
import { extractFormFields, type FieldSpec } from '../../understand/fields';
import { SECTION_NAMES, type SectionId } from '../../understand/sections';
import { joinList, normalise, titleCase } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import type { LandingVariant } from '../../understand/variants';
import { baseFiles, configFile, FIELD_TYPE_IMPORT, honouredLook, lookFor, shortSubject } from '../common';
import { dataRulesFile, formFieldRules, INBOX } from '../data-rules';
import { exportConst } from '../literal';
import { serverFiles, sourceFiles } from '../source';
import type { GeneratedApp } from '../types';
import type { LandingCtx, Pack } from './context';
import { packFor } from './packs';
import { appSource, COMPONENTS, ORDER, sectionFile } from './sections';

const DEFAULT_SECTIONS: Record<LandingVariant, SectionId[]> = {
  service: ['hero', 'services', 'about', 'testimonials', 'faq', 'cta'],
  product: ['hero', 'features', 'pricing', 'faq', 'signup'],
  venue: ['hero', 'menu', 'about', 'hours', 'cta'],
  course: ['hero', 'curriculum', 'team', 'dates', 'faq', 'cta'],
  portfolio: ['hero', 'gallery', 'services', 'testimonials', 'cta'],
};

const DEFAULT_SUBJECT: Record<LandingVariant, string> = {
  service: 'local studio',
  product: 'new app',
  venue: 'neighbourhood café',
  course: 'weekend workshop',
  portfolio: 'photographer',
};
const DEFAULT_CTA: Record<LandingVariant, string> = {
  service: 'Book a free consultation',
  product: 'Join the waitlist',
  venue: 'Order ahead',
  course: 'Reserve your seat',
  portfolio: 'Send an enquiry',
};

const DEFAULT_BOOKING: Record<
  LandingVariant,
  { title: string; description: string; submit: string; successTitle: string; successText: string; note: string; fields: string }
> = {
  service: {
    title: 'Book a free consultation',
    description: 'Leave your details and we will call you back to find a time.',
    submit: 'Request a call',
    successTitle: 'Request sent!',
    successText: 'Thanks {name}, we will be in touch within one working day.',
    note: '',
    fields: 'name, email, phone and message',
  },
  product: {
    title: 'Join the waitlist',
    description: 'Get early access and launch pricing.',
    submit: 'Join the waitlist',
    successTitle: 'You are on the list!',
    successText: 'Thanks {name}, we will email you when your invite is ready.',
    note: '',
    fields: 'name and email',
  },
  venue: {
    title: 'Order ahead',
    description: 'Tell us what you would like and when you will collect it.',
    submit: 'Send my order',
    successTitle: 'Order received!',
    successText: 'Thanks {name}, it will be ready at your pickup time.',
    note: 'Pay when you collect.',
    fields: 'name, phone, time and notes',
  },
  course: {
    title: 'Reserve your seat',
    description: 'Reserve now, pay later. We confirm every booking by email.',
    submit: 'Reserve my seat',
    successTitle: 'Seat reserved!',
    successText: 'Welcome {name}! The details are on their way.',
    note: '',
    fields: 'name, email and message',
  },
  portfolio: {
    title: 'Send an enquiry',
    description: 'Tell me about your plans. I reply within a day.',
    submit: 'Send enquiry',
    successTitle: 'Enquiry sent!',
    successText: 'Thank you {name}, I will reply within 24 hours.',
    note: '',
    fields: 'name, email, date and message',
  },
};

const NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };

function featureCount(prompt: string): number {
  const m = /\b(two|three|four|five|six|[2-6]) (?:core |key |main |big )?features\b/.exec(normalise(prompt));
  return m ? (NUMBERS[m[1]!] ?? Number(m[1])) : 6;
}

/** "book an initial call" → "Book your initial call": the page uses the prompt's own words. */
function ctaFromPrompt(prompt: string): string | null {
  const m = /\b(?:book|schedule|arrange) (?:a|an|your) ((?:free |initial |intro |introductory |discovery |first )+(?:call|consultation|session|chat))\b/.exec(
    normalise(prompt),
  );
  return m ? `Book your ${m[1]}` : null;
}

/** The landing page's sections: the kind's defaults plus the ones the prompt names, in page order. */
function chooseSections(variant: LandingVariant, named: readonly SectionId[]): SectionId[] {
  const wanted = new Set<SectionId>(DEFAULT_SECTIONS[variant]);
  for (const id of named) {
    // Only a product launch has an inline waitlist; elsewhere "sign-up" means the form the CTA opens.
    if (id === 'signup' && variant !== 'product') wanted.add('cta');
    else if (id === 'location') wanted.add('hours');
    else wanted.add(id);
  }
  if (variant === 'product' && wanted.has('signup')) wanted.delete('cta');
  return ORDER.filter((id) => wanted.has(id));
}

export function landingCtx(spec: AppSpec, variant: LandingVariant, pack: Pack | null): LandingCtx {
  const subject = spec.subject.subject ?? DEFAULT_SUBJECT[variant];
  return {
    name: spec.name ?? pack?.name ?? titleCase(shortSubject(subject)),
    subject,
    variant,
    cta: ctaFromPrompt(spec.prompt) ?? pack?.cta ?? DEFAULT_CTA[variant],
    purpose: spec.subject.purpose,
    featureCount: featureCount(spec.prompt),
  };
}

function bookingFieldsFor(spec: AppSpec, variant: LandingVariant, pack: Pack | null): FieldSpec[] {
  if (spec.fields.length >= 2) return spec.fields;
  return pack?.fields ?? extractFormFields(DEFAULT_BOOKING[variant].fields);
}

/**
 * `requests` (the form every call to action opens) and `waitlist` (the sign-up section): both
 * declared on every page, since a follow-up can add the sign-up section later.
 */
function landingRules(fields: readonly FieldSpec[]) {
  return dataRulesFile({
    requests: { ...INBOX, fields: formFieldRules(fields) },
    waitlist: { ...INBOX, fields: { email: { type: 'string', required: true, maxLength: 254 } }, strict: true, unique: ['email'] },
  });
}

/** "bakery" → "a bakery", "3d artist" → "a 3d artist"; plurals and "my …" stay as they are. */
const withArticle = (s: string) => (/^(?:an?|the|my|our|your)\s/i.test(s) || /[^s]s$/i.test(s) ? s : `${/^[aeiou]/i.test(s) ? 'an' : 'a'} ${s}`);

export function generateLanding(spec: AppSpec): GeneratedApp {
  const variant = (spec.variant ?? 'product') as LandingVariant;
  const pack = packFor(normalise(`${spec.subject.subject ?? ''} ${spec.prompt}`), variant);
  const ctx = landingCtx(spec, variant, pack);
  const ids = chooseSections(variant, spec.sections);
  const components = [...new Set(ids.map((id) => COMPONENTS[id]))];
  const look = lookFor(spec, pack?.palette ?? (variant === 'product' ? 'indigo' : variant === 'venue' ? 'coffee' : 'calm'));
  const ownCta = ctaFromPrompt(spec.prompt);
  const booking = { ...DEFAULT_BOOKING[variant], ...pack?.booking, ...(ownCta ? { title: ownCta } : {}) };
  const { fields: _fields, ...bookingCopy } = booking;
  const fields = bookingFieldsFor(spec, variant, pack);
  const tagline = `${ctx.name}: ${ctx.subject}.`;
  const body = [
    exportConst('site', {
      name: ctx.name,
      subject: ctx.subject,
      cta: ctx.cta,
      ctaShort: ownCta ? 'Book a call' : (pack?.ctaShort ?? ctx.cta),
      footer: `${titleCase(ctx.subject)} · Made with Sprout`,
    }),
    '/** The form every call to action opens. */',
    exportConst('booking', bookingCopy),
    exportConst('bookingFields', fields, 'Field[]'),
  ].join('\n');
  const named = spec.sections.filter((id) => id !== 'hero' && id !== 'cta');
  return {
    name: ctx.name,
    files: [
      ...baseFiles({ title: ctx.name, description: tagline, look, parts: ['fields', 'data'] }),
      landingRules(fields),
      ...landingChecks({ sections: ids, fields, cta: ownCta ? 'Book a call' : (pack?.ctaShort ?? ctx.cta), success: booking.successTitle }),
      configFile('landing', variant, 'Site name, call to action and the booking form. Page sections live in src/sections.', body, [FIELD_TYPE_IMPORT]),
      { path: 'client/src/App.tsx', content: appSource(components) },
      ...sourceFiles('landing', [
        'lib/booking.ts',
        'components/CtaButton.tsx',
        'components/BookingForm.tsx',
        'components/BookingDialog.tsx',
        'components/SectionHeading.tsx',
        'components/SiteHeader.tsx',
        'components/SiteFooter.tsx',
      ]),
      ...components.map((c) => sectionFile(c, ctx, pack)),
      ...serverFiles(['functions/send-request.ts', 'lib/notify.ts']),
    ],
    kind: `a landing page for ${withArticle(ctx.subject)} with a form that saves each request`,
    summary: `Built the ${ctx.name} landing page`,
    built: [
      `A one-page site for ${ctx.name} with the sections ${joinList(ids.map((id) => SECTION_NAMES[id]))}.`,
      `The call to action “${ctx.cta}” appears in the header, the hero and down the page; it opens a form (${joinList(fields.map((f) => f.label.toLowerCase()))}) with validation and a confirmation.`,
      `Form requests${ids.includes('signup') ? ' and waitlist sign-ups' : ''} are saved in the app’s backend: anyone can send one, only you can read them (Data panel). Sending shows a spinner, then a confirmation or what went wrong.`,
      'Each request goes through a server function (functions/send-request.ts) that saves it and tells you: it is in the Functions panel’s log, and in Slack or Discord once you add their incoming-webhook address as the secret NOTIFY_WEBHOOK_URL.',
      'The header links follow the sections.',
    ],
    honoured: [
      ...(named.length ? [`Sections you asked for: ${joinList(named.map((id) => SECTION_NAMES[id]))}.`] : []),
      ...(spec.fields.length >= 2 ? [`Form fields you named: ${joinList(fields.map((f) => f.label.toLowerCase()))}.`] : []),
      ...(ctx.featureCount !== 6 ? [`${ctx.featureCount} core features.`] : []),
      honouredLook(look),
    ],
    unsupported: [],
  };
}
