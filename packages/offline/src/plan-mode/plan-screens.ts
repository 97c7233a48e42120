// A plan's screens: the pages and parts of the app the family builds, described from what the
// generated app says it does (GeneratedApp.built) and, for composed apps, from their composition.

import type { Plan } from '@sprout/core/contract';
import { compose, type Composition } from '../families/collection/compose';
import type { GeneratedApp } from '../families/types';
import { joinList, titleCase } from '../understand/text';
import type { AppSpec } from '../understand/understand';

export type PlanScreen = Plan['screens'][number];

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const screen = (name: string, description: string): PlanScreen => ({ name: clip(name, 80), description: clip(description.replace(/\*\*/g, ''), 400) });

const SIGN_IN = (what: string) => screen('Sign in', `Sign up or sign in with the app’s own accounts; then everyone signed in sees the same ${what}, live.`);

// A portal's tabs (config.ts `tabs`), as the client sees them.
const PORTAL_TABS: Record<string, PlanScreen> = {
  overview: screen('Overview', 'The client’s projects with progress, a timeline and what needs their attention.'),
  files: screen('Files', 'Shared files: the client uploads files and leaves feedback on drafts.'),
  messages: screen('Messages', 'A message thread between the client and the firm.'),
  invoices: screen('Invoices', 'The client’s invoices with their amounts and status.'),
  requests: screen('Change requests', 'A form for the client to ask for changes, with their earlier requests.'),
};

// What a visitor may change from the list, as the rules allow (families/collection/sharing.ts).
const EDITS: Record<Composition['sharing'], string> = { personal: '; edit or delete from the list', team: '; edit or delete your own', public: '', inbox: '' };
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

function collectionScreens(c: Composition, app: GeneratedApp): PlanScreen[] {
  const label = (name: string) => c.fields.find((f) => f.name === name)?.label.toLowerCase() ?? name;
  const fields = joinList(c.fields.map((f) => f.label.toLowerCase()));
  if (c.form)
    return [
      screen(app.name, `A form for ${fields}, checked before it is sent (required fields, email and web addresses, numbers).`),
      screen('Thank-you', `Shown once a ${c.entity.singular} is sent.`),
    ];
  const plural = c.entity.plural;
  const finding = [
    ...(c.search ? ['search across every field'] : []),
    ...(c.tags ? ['tags you click to show only those records'] : []),
    ...(c.filterBy ? [`a filter by ${label(c.filterBy)}`] : []),
  ];
  const stages = c.board ? (c.fields.find((f) => f.name === c.board)?.options ?? []) : [];
  return [
    ...(c.sharing === 'team' ? [SIGN_IN(plural)] : []),
    screen(
      titleCase(plural),
      `Every ${c.entity.singular}${c.sharing === 'team' ? ' with who added it' : ''}${finding.length ? `, with ${joinList(finding)}` : ''}${EDITS[c.sharing]}.`,
    ),
    screen(`Add ${withArticle(c.entity.singular)}`, `A form for ${fields}${c.tags ? ', and tags' : ''}.`),
    ...(c.board ? [screen('Board', `A column per status (${joinList(stages)}); move each ${c.entity.singular} along.`)] : []),
    ...(c.chart ? [screen('Chart', `${titleCase(label(c.chart.field))} over time.`)] : []),
  ];
}

/** The app's screens, at most twelve. */
export function screensOf(spec: AppSpec, app: GeneratedApp, files: ReadonlyMap<string, string>): PlanScreen[] {
  const built = app.built;
  const line = (re: RegExp, fallback: string) => built.find((l) => re.test(l)) ?? fallback;
  const noun = /(?:dashboard|table|admin tool) (?:of|for) (\w[\w ]*)$/.exec(app.kind)?.[1] ?? 'records';
  switch (spec.family) {
    case 'collection':
      return collectionScreens(compose(spec), app);
    case 'kanban':
      return [SIGN_IN('board'), screen('Board', line(/^A board/, app.kind)), screen('Card', line(/^Add, edit/, 'Add, edit and delete cards.'))];
    case 'scheduler':
      return [
        screen('Calendar', line(/calendar/i, 'A calendar of bookable days.')),
        screen('Free times', line(/time slots/i, 'The free times of the chosen day.')),
        screen('Booking form', line(/^A form/, 'A form for the visitor’s details, then a confirmation.')),
        screen('My bookings', 'Each visitor’s upcoming bookings, kept in their browser.'),
      ];
    case 'landing':
      return [
        screen('Home page', line(/one-page site/, app.kind)),
        screen('Request form', line(/^The call to action/, 'The form every call to action opens.')),
      ];
    case 'b2b':
      return [
        SIGN_IN(noun),
        screen('Dashboard', line(/^A dashboard/, app.kind)),
        screen(titleCase(noun), line(/^A table/, `A table of ${noun}.`)),
        screen('Record form', line(/^Create/, `Create and edit ${noun}.`)),
      ];
    case 'internal':
      return [
        SIGN_IN(noun),
        screen(titleCase(noun), [line(/^An admin table/, app.kind), line(/bulk actions/, ''), line(/^Export/, '')].join(' ').trim()),
        screen('Record form', line(/^Create/, `Create and edit ${noun}.`)),
      ];
    case 'portal': {
      const tabs = /^export const tabs = \[([^\]]*)\];$/m.exec(files.get('client/src/config.ts') ?? '')?.[1] ?? '';
      const shown = [...tabs.matchAll(/'(\w+)'/g)].map((m) => PORTAL_TABS[m[1]!]).filter((s): s is PlanScreen => !!s);
      return shown.length ? shown : [screen(app.name, line(/client portal/, app.kind))];
    }
    default:
      // One screen apps: the personal apps, the games, the image compressor.
      return [screen(app.name, built.filter((l) => !/^(?:Everything is saved|Saved in the app)/.test(l)).join(' ') || app.kind)];
  }
}
