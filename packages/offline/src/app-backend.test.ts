// Where the generated apps keep their data (docs/app-backend.md): bookings, forms and team data in
// the app's backend with rules in sprout.data.json, per-visitor data with the default rules, games
// and pure tools with no backend at all. That the code type-checks against the client is
// offline-typecheck.test.ts; here, what each family writes and which rules and collections it uses.

import { collectionRules, composeTemplatePrompt, DATA_RULES_PATH, parseDataRules, QUICK_START_CHIPS, TEMPLATE_CATEGORIES, type DataRules } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { CASES, converse, readMarker, type Turn } from './testing';

const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;
const template = (category: string, i = 0) => {
  const c = TEMPLATE_CATEGORIES.find((x) => x.id === category)!;
  return composeTemplatePrompt(c.label, c.templates[i]!.for, c.templates[i]!.that);
};

/** The parsed rules the answer wrote; fails the test when the file is missing or does not parse. */
function rulesOf(turn: Turn): DataRules {
  expect(turn.answer).toContain(`<sprout-write path="${DATA_RULES_PATH}">`);
  const parsed = parseDataRules(turn.files.get(DATA_RULES_PATH));
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.rules;
}

const levels = (rules: DataRules, name: string) => {
  const { create, read, update, delete: remove } = collectionRules(rules, name);
  return { create, read, update, delete: remove };
};

/** The app's own code: every generated file but the template's client library. */
const appCode = (turn: Turn) =>
  [...turn.files]
    .filter(([p]) => p.startsWith('client/src/') && /\.tsx?$/.test(p) && p !== 'client/src/lib/sprout.ts')
    .map(([p, content]) => ({ path: p, content }));
const codeOf = (turn: Turn) =>
  appCode(turn)
    .map((f) => f.content)
    .join('\n');

// The collections code names: db.collection('x'), useCollection('x'), useOwnDoc('x'), typed or not.
const COLLECTION = /\b(?:db\.collection|useCollection|useOwnDoc)\s*(?:<[^>()]*>)?\(\s*'([\w-]+)'/g;
const collectionsIn = (code: string) => new Set([...code.matchAll(COLLECTION)].map((m) => m[1]!));
// Code that reads data from the backend: the client's hook, or the generated apps' hooks over it.
const USES_DATA = /\buse(?:Collection|OwnDoc|Records)\s*(?:<[^>()]*>)?\(/;

describe('scheduler: anyone books, only the owner reads the bookings, a booked slot disappears', () => {
  const [turn] = converse([chip('appointment-scheduler')]);
  const rules = rulesOf(turn!);
  const app = turn!.files.get('client/src/App.tsx')!;

  it('writes bookings as an inbox, unique on the slot, with the form’s required fields', () => {
    expect(levels(rules, 'bookings')).toEqual({ create: 'anyone', read: 'nobody', update: 'nobody', delete: 'nobody' });
    const bookings = rules.collections.bookings!;
    expect(bookings.unique).toEqual(['slot']);
    expect(bookings.fields.slot).toMatchObject({ type: 'string', required: true });
    expect(bookings.fields.name).toMatchObject({ type: 'string', required: true });
    expect(bookings.fields.email).toMatchObject({ type: 'string', required: true });
  });

  it('publishes taken slots: anyone adds and reads them, nobody changes them, one per slot, nothing else in them', () => {
    expect(levels(rules, 'taken-slots')).toEqual({ create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' });
    expect(rules.collections['taken-slots']).toMatchObject({ unique: ['slot'], strict: true, fields: { slot: { type: 'string', required: true } } });
  });

  it('books first, then marks the slot taken, and offers only free slots, live', () => {
    expect(collectionsIn(app)).toEqual(new Set(['bookings', 'taken-slots']));
    expect(app).toContain("useCollection('taken-slots'");
    const booked = app.indexOf('await bookings.add({ ...values, slot })');
    const marked = app.indexOf('await takenSlots.add({ slot })');
    expect(booked).toBeGreaterThan(0);
    expect(marked).toBeGreaterThan(booked);
    // A conflict (409) on the unique slot is told to the visitor, in words.
    expect(app).toMatch(/isConflict\(err\)[\s\S]*Someone has just booked this time/);
    expect(app).toMatch(/freeSlots\(date, takenSet\)/);
    expect(app).toMatch(/taken\.data\.map\(\(d\) => String\(d\.slot\)\)/);
  });

  it('shows a spinner while the slots load and the error when they do not', () => {
    expect(app).toContain('taken.loading ? (');
    expect(app).toContain('<ErrorNote error={taken.error} />');
    expect(turn!.files.get('client/src/scheduler/BookingForm.tsx')).toContain('data-testid="booking-error"');
  });

  it('keeps the form fields and the rules in step through follow-ups', () => {
    const [, notes, noPhone] = converse([chip('appointment-scheduler'), 'add a notes field', 'remove the phone field']);
    expect(notes!.changed).toEqual(['client/src/config.ts', DATA_RULES_PATH]);
    expect(rulesOf(notes!).collections.bookings!.fields.notes).toEqual({ type: 'string', maxLength: 2000 });
    expect(noPhone!.problems).toEqual([]);
    const after = parseDataRules(noPhone!.files.get(DATA_RULES_PATH));
    expect(after.ok && Object.keys(after.rules.collections.bookings!.fields)).toEqual(['slot', 'name', 'email', 'notes']);
  });

  it('never writes a rule the file would refuse, whatever the form field is called', () => {
    const turns = converse([chip('appointment-scheduler'), 'add an id field', 'add a created by field', 'add a slot field', 'remove the slot field']);
    expect(turns.flatMap((t) => t.problems)).toEqual([]);
    for (const t of turns) expect(parseDataRules(t.files.get(DATA_RULES_PATH)).ok).toBe(true);
    // The booked time keeps its rule through a form field of the same name, added and removed.
    expect(turns[3]!.files.get('client/src/config.ts')).toContain("name: 'slot'");
    for (const t of turns)
      expect(JSON.parse(t.files.get(DATA_RULES_PATH)!).collections.bookings.fields.slot).toEqual({ type: 'string', required: true, maxLength: 16 });
  });
});

describe('landing pages: forms and the waitlist write to inboxes only the owner reads', () => {
  it('the waitlist and the contact form: create anyone, read nobody; one sign-up per email', () => {
    const [turn] = converse([template('landing page')]);
    const rules = rulesOf(turn!);
    for (const name of ['requests', 'waitlist']) expect(levels(rules, name)).toEqual({ create: 'anyone', read: 'nobody', update: 'nobody', delete: 'nobody' });
    expect(rules.collections.waitlist).toMatchObject({ unique: ['email'], strict: true });
    const signup = turn!.files.get('client/src/sections/Signup.tsx')!;
    expect(signup).toContain("db.collection('waitlist')");
    expect(signup).toContain('await waitlist.add({ email: value })');
    // Success, already on the list (409), and any other failure in the backend's words.
    expect(signup).toContain('data-testid="signup-success"');
    expect(signup).toMatch(/if \(isConflict\(err\)\) setJoined\(value\);\s*else setError\(errorMessage\(err\)\);/);
    expect(signup).not.toContain('localStorage');
  });

  it('every call to action’s form sends its fields to requests, with success and error states', () => {
    const [turn] = converse([chip('fitness-coach-website')]);
    const rules = rulesOf(turn!);
    expect(Object.keys(rules.collections.requests!.fields)).toEqual(
      [...turn!.files.get('client/src/config.ts')!.matchAll(/^ {2}\{ name: '(\w+)'/gm)].map((m) => m[1]),
    );
    const form = turn!.files.get('client/src/components/BookingForm.tsx')!;
    // Through the server function, which saves the request and tells the owner.
    expect(form).toContain("await functions.call('send-request', values)");
    const fn = turn!.files.get('functions/send-request.ts')!;
    expect(fn).toContain("ctx.db.collection('requests').add(request)");
    expect(fn).toContain('ctx.env.NOTIFY_WEBHOOK_URL');
    expect(turn!.files.has('lib/notify.ts')).toBe(true);
    expect(form).toContain('data-testid="booking-success"');
    expect(form).toContain('data-testid="booking-error"');
    expect(turn!.files.has('client/src/lib/storage.ts')).toBe(false);
  });

  it('removing a form field removes it from the rules (a required field left there would refuse every request)', () => {
    const [built, , noPhone] = converse([chip('fitness-coach-website'), 'add a company field to the booking form', 'remove the phone field']);
    expect(rulesOf(built!).collections.requests!.fields).toMatchObject({ name: { required: true }, phone: { type: 'string' } });
    const rules = parseDataRules(noPhone!.files.get(DATA_RULES_PATH));
    expect(rules.ok && rules.rules.collections.requests!.fields.phone).toBeUndefined();
    expect(rules.ok && rules.rules.collections.requests!.fields.company).toEqual({ type: 'string', maxLength: 300 });
    // The waitlist's own email rule is not the form's.
    expect(rules.ok && rules.rules.collections.waitlist!.fields.email).toMatchObject({ required: true });
  });
});

describe('kanban boards and internal tools: shared by the app’s signed-in users', () => {
  const TEAM = { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' };

  it('a board: sign-in first, then one live board for everyone; cards are deleted by whoever added them', () => {
    const [turn] = converse([chip('agency-project-manager')]);
    expect(levels(rulesOf(turn!), 'tasks')).toEqual(TEAM);
    const app = turn!.files.get('client/src/App.tsx')!;
    expect(app).toMatch(/<AuthGate>\s*<BoardPage \/>\s*<\/AuthGate>/);
    expect(app).toContain("useCollection('tasks'");
    expect(turn!.files.get('client/src/kanban/store.ts')).toContain("db.collection('tasks')");
    const gate = turn!.files.get('client/src/components/AuthGate.tsx')!;
    expect(gate).toContain('await auth.signUp({');
    expect(gate).toContain('await auth.signIn({');
    expect(gate).toContain('useUser()');
    expect(codeOf(turn!)).not.toMatch(/localStorage|zustand\/middleware|lib\/storage/);
  });

  it('an internal tool and a B2B dashboard: their records collection is declared for the team', () => {
    for (const [prompt, collection] of [
      [template('internal tool'), 'tickets'],
      [template('b2b app'), 'retainers'],
    ] as const) {
      const [turn] = converse([prompt]);
      expect(levels(rulesOf(turn!), collection)).toEqual(TEAM);
      expect(turn!.files.get('client/src/config.ts')).toContain(`export const collection = '${collection}';`);
      expect(turn!.files.get('client/src/records/store.ts')).toContain('db.collection(collection)');
      expect(turn!.files.get('client/src/App.tsx')).toMatch(/<AuthGate>[\s\S]*<\/AuthGate>/);
    }
  });

  it('a records field removed in a follow-up leaves the rules', () => {
    const [, turn] = converse([template('internal tool'), 'remove the customer field']);
    expect(turn!.changed).toEqual(['client/src/config.ts', DATA_RULES_PATH]);
    const rules = parseDataRules(turn!.files.get(DATA_RULES_PATH));
    expect(rules.ok && Object.keys(rules.rules.collections.tickets!.fields)).not.toContain('customer');
  });
});

describe('consumer apps: each visitor’s own data, with the default rules', () => {
  const consumers = CASES.filter((c) => c.family === 'consumer').map((c) => converse([c.prompt])[0]!);

  it('covers every consumer app', () => {
    expect(new Set(consumers.map((t) => readMarker(t.files.get('client/src/config.ts'))?.variant))).toEqual(
      new Set(['habits', 'expenses', 'savings', 'running', 'plants', 'recipes', 'todo']),
    );
  });

  it('keeps data in collections that stay per visitor, and nothing in localStorage', () => {
    for (const turn of consumers) {
      const code = codeOf(turn);
      const used = collectionsIn(code);
      expect(used.size, turn.summary ?? '').toBeGreaterThan(0);
      const parsed = parseDataRules(turn.files.get(DATA_RULES_PATH));
      expect(parsed.ok).toBe(true);
      for (const name of used)
        expect(parsed.ok && levels(parsed.rules, name), name).toEqual({ create: 'anyone', read: 'creator', update: 'creator', delete: 'creator' });
      expect(code).not.toMatch(/localStorage|useStoredState/);
    }
  });

  it('the plant journal uploads its photos to the app’s files', () => {
    const plants = consumers.find((t) => readMarker(t.files.get('client/src/config.ts'))?.variant === 'plants')!;
    expect(plants.files.get('client/src/plants/Journal.tsx')).toContain('await files.upload(small,');
  });
});

describe('games and pure tools keep no backend', () => {
  for (const c of CASES.filter((x) => x.family === 'game' || x.family === 'compressor')) {
    it(c.prompt.slice(0, 60), () => {
      const [turn] = converse([c.prompt]);
      expect(turn!.files.has(DATA_RULES_PATH)).toBe(false);
      expect(codeOf(turn!)).not.toContain('@/lib/sprout');
    });
  }
});

describe('every app that uses its backend', () => {
  const built = CASES.map((c) => ({ prompt: c.prompt, turn: converse([c.prompt])[0]! }));

  it('writes rules that parse, whenever it writes them', () => {
    for (const { prompt, turn } of built) expect(parseDataRules(turn.files.get(DATA_RULES_PATH)).ok, prompt).toBe(true);
  });

  it('shows a spinner while a list loads and the error’s message when it fails, in the file that renders it', () => {
    for (const { prompt, turn } of built)
      for (const f of appCode(turn).filter((x) => x.path.endsWith('.tsx') && USES_DATA.test(x.content))) {
        expect(f.content, `${f.path} of ${prompt}`).toMatch(/<Loading\b|<RecordsState\b/);
        expect(f.content, `${f.path} of ${prompt}`).toMatch(/<ErrorNote\b|<RecordsState\b/);
      }
  });

  it('shows an empty state for its lists, in the file that renders them', () => {
    // The scheduler's slot picker says when a day has no free time left; records pages wrap their lists.
    for (const { prompt, turn } of built)
      for (const f of appCode(turn).filter((x) => x.path.endsWith('.tsx') && USES_DATA.test(x.content)))
        expect(f.content, `${f.path} of ${prompt}`).toMatch(/<EmptyList\b|data-testid="empty(?:-board)?"|<RecordsState\b|<SlotPicker\b/);
  });
});

describe('a new app replaces the previous one’s rules', () => {
  it('a board, then a game: the board’s rules go with it', () => {
    const [board, game] = converse([chip('agency-project-manager'), 'Build me a snake game']);
    expect(board!.files.has(DATA_RULES_PATH)).toBe(true);
    expect(game!.problems).toEqual([]);
    expect(game!.files.has(DATA_RULES_PATH)).toBe(false);
    expect(game!.answer).toContain(`<sprout-delete path="${DATA_RULES_PATH}"`);
  });

  it('a board, then a scheduler: the scheduler’s rules replace the board’s', () => {
    const [, scheduler] = converse([chip('agency-project-manager'), chip('appointment-scheduler')]);
    expect(Object.keys(rulesOf(scheduler!).collections).sort()).toEqual(['bookings', 'taken-slots']);
  });
});
