import { describe, expect, it } from 'vitest';
import { parseBehaviourChecks, parseDataRules } from '@sprout/core';
import { ALLOWED_PACKAGES, starterFiles } from '@sprout/template';
import { CLIENT_PATH } from '../checks/data-checks';
import type { TextPart } from 'ai';
import { buildContext, FILES_HEADER, type ContextInput } from './build-context';
import { cachedSystem, cachePointsOf, withCachedTail } from './prompt-cache';
import { buildSystemPrompt } from './system-prompt';
import { uiModules } from './exports';

const starter = new Map(starterFiles().map((f) => [f.name, f.content]));
const input = (o: Partial<ContextInput> = {}): ContextInput => ({
  files: starter,
  history: [],
  request: 'Add a settings page',
  images: [],
  vision: true,
  partialEdits: false,
  condensed: false,
  recentlyChanged: [],
  packages: ALLOWED_PACKAGES,
  ...o,
});
const textOf = (c: ReturnType<typeof buildContext>) => JSON.stringify(c.messages);

describe('buildSystemPrompt', () => {
  it('teaches the stack, every UI component, the allowed packages and the protocol', () => {
    const prompt = buildSystemPrompt({ partialEdits: false, ui: uiModules(starter), packages: ALLOWED_PACKAGES });
    for (const name of [
      'button',
      'calendar',
      'card',
      'checkbox',
      'command',
      'dialog',
      'input',
      'label',
      'popover',
      'progress',
      'select',
      'slider',
      'switch',
      'table',
    ]) {
      expect(prompt).toContain(`@/components/ui/${name}:`);
    }
    expect(prompt).toContain('React 19 + TypeScript + Tailwind CSS v4 + Vite');
    expect(prompt).toContain('client/src/main.tsx');
    expect(prompt).toContain(`react@${ALLOWED_PACKAGES.react}`);
    expect(prompt).toContain('<sprout-write path=');
    expect(prompt).toContain('<sprout-summary>');
    expect(prompt).toContain('rest of the code unchanged');
    expect(prompt).not.toContain('SEARCH');
    expect(buildSystemPrompt({ partialEdits: true, ui: [], packages: {} })).toContain('<<<<<<< SEARCH');
  });
});

describe('the app backend in the system prompt', () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf('# The app backend'), prompt.indexOf('# Server functions'));

  it('teaches the client, when to use it, sign-in, uploads and the rules file with its levels', () => {
    expect(section).toContain("import from '@/lib/sprout'");
    for (const call of ["db.collection<Task>('tasks')", 'useCollection<Task>(', 'auth.signUp(', 'useUser()', 'files.upload(file)', 'SproutError'])
      expect(section).toContain(call);
    expect(section).toContain('Never localStorage for such data');
    expect(section).toContain('Sign-in only when the app needs identities');
    expect(section).toMatch(/sprout\.data\.json at the project root/);
    expect(section).toMatch(/MUST\s+be declared/);
    expect(section).toContain('anyone | signed-in | creator | nobody');
    // Who sees what follows the request (core's chooseDataSharing): shared with sign-in for a team, per visitor only for personal data.
    expect(section).toMatch(/team or household[^]*"signed-in"[^]*sign-in[^]*Public wall[^]*read "anyone"[^]*only for personal data/);
    // The model may write the rules file, and is no longer told the app has no database.
    expect(prompt).toContain('Only write files under client/, checks/ and sprout.data.json');
    expect(prompt).not.toMatch(/no database|Keep data in React state or localStorage/);
  });

  it('gives a rules example that parses, declaring what it says', () => {
    const json = section.slice(section.indexOf('{"collections"'), section.indexOf('\n  fields: type'));
    const parsed = parseDataRules(json);
    expect(parsed).toMatchObject({ ok: true, rules: { collections: { entries: { read: 'anyone' }, messages: { create: 'anyone', read: 'nobody' } } } });
  });

  it('stays within its share of the prompt (it is sent with every request)', () => {
    expect(section.length).toBeGreaterThan(1000);
    expect(section.length).toBeLessThan(2800);
  });
});

describe('server functions in the system prompt', () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf('# Server functions'), prompt.indexOf("# The app's AI"));

  it('teaches when a function is needed, its file, its access and schedule, the client call, and that secrets are set by the person', () => {
    expect(section).toContain('ONLY for what the browser must not do or know');
    expect(section).toContain("export const access = 'anyone'");
    expect(section).toContain("export const schedule = '0 8 * * *'");
    expect(section).toContain("functions.call('get-quote'");
    expect(section).toContain('never written in code');
    expect(prompt).toContain('no secrets in its code');
  });

  it('teaches mail from a function, and that news gets an unsubscribe link', () => {
    expect(section).toContain('await ctx.email.send({ to, subject, text');
    expect(section).toContain('transactional: false for news or reminders');
  });

  it('stays small (it is sent with every request)', () => {
    expect(section.length).toBeLessThan(1800);
  });
});

describe('analytics in the system prompt', () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf('# Analytics'), prompt.indexOf('# Behaviour checks'));

  it('says page views need nothing, and teaches track for the events the owner wants counted', () => {
    expect(section).toMatch(/page views are counted for the published app with nothing to add: no analytics script or SDK/);
    expect(section).toContain("track('signup', { plan: 'pro' })");
    expect(section).toContain("import { track } from '@/lib/sprout'");
    expect(section.length).toBeLessThan(400);
  });
});

describe("the app's AI in the system prompt", () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf("# The app's AI"), prompt.indexOf('# Payments'));

  it('teaches the client calls and ctx.ai, no key or provider SDK in the app, and that errors are shown', () => {
    expect(section).toContain("import { ai, useChat } from '@/lib/sprout'");
    for (const call of ['ai.complete({', 'useChat({', 'ai.chat(', 'ctx.ai.complete({']) expect(section).toContain(call);
    expect(section).toMatch(/Never\s+an API key or an AI provider's SDK/);
    expect(section).toMatch(/Show error\.message[^]*allowance can run out/);
  });

  it('stays small (it is sent with every request)', () => {
    expect(section.length).toBeLessThan(800);
  });
});

describe('payments in the system prompt', () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf('# Payments'), prompt.indexOf('# Analytics'));

  it('teaches the checkout call, the reserved collection, on-payment and refunds, and no Stripe key in the app', () => {
    expect(section).toContain("import { payments } from '@/lib/sprout'");
    for (const text of ['payments.checkout({ items: [', 'successPath', 'reserved "payments" collection', 'functions/on-payment.ts', 'ctx.payments.refund(id)'])
      expect(section).toContain(text);
    expect(section).toMatch(/Never a Stripe key or SDK in the app/);
  });

  it('stays small (it is sent with every request)', () => {
    expect(section.length).toBeLessThan(1000);
  });
});

describe('behaviour checks in the system prompt', () => {
  const prompt = buildSystemPrompt({ partialEdits: false, ui: [], packages: {} });
  const section = prompt.slice(prompt.indexOf('# Behaviour checks'), prompt.indexOf('# Packages you may import'));

  it('asks for one to three checks and gives an example that is a valid check', () => {
    expect(section).toContain('one to three checks');
    const example = section.slice(section.indexOf('{"name"'), section.indexOf('\nSteps:'));
    const parsed = parseBehaviourChecks(new Map([['checks/add-task.json', example]]));
    expect(parsed.problems).toEqual([]);
    expect(parsed.checks[0]).toMatchObject({ name: 'Adds a task', steps: [{ do: 'fill' }, { do: 'click' }, { do: 'expectText' }, { do: 'expectCount' }] });
    expect(section.length).toBeLessThan(1100);
  });
});

describe('buildContext', () => {
  it('sends all files, recent history, and the request last', () => {
    const history = [
      { role: 'assistant' as const, content: 'orphan answer' },
      ...Array.from({ length: 24 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `turn ${i}` })),
    ];
    const c = buildContext(input({ history }));
    expect(c.mode).toBe('full');
    expect(c.included).toContain('client/src/components/ui/button.tsx');
    expect(c.messages).toHaveLength(19);
    // The files open the first user message, whose own text comes after them; turns alternate from there.
    const first = c.messages[0]!.content as TextPart[];
    expect(c.messages[0]!.role).toBe('user');
    expect(first[0]!.text).toBe(FILES_HEADER);
    expect(first.at(-1)).toEqual({ type: 'text', text: 'turn 6' });
    expect(c.messages.map((m) => m.role)).toEqual([...Array.from({ length: 9 }, () => ['user', 'assistant']).flat(), 'user']);
    const last = c.messages.at(-1)!;
    expect(last.role).toBe('user');
    const parts = last.content as { type: string; text?: string }[];
    expect(parts.at(-1)).toEqual({ type: 'text', text: 'Add a settings page' });
    expect(textOf(c)).toContain('<file path=\\"client/src/App.tsx\\">');
    expect(c.tokens).toBeGreaterThan(5000);
  });

  it('opens the latest message with the element the person selected, and leaves the cached prefix as it was', () => {
    const focus = 'The person selected an element in the preview: the <h1> at client/src/App.tsx line 5.';
    const history = [
      { role: 'user' as const, content: 'Make a shop' },
      { role: 'assistant' as const, content: 'Done' },
    ];
    const without = buildContext(input({ history }));
    const withFocus = buildContext(input({ history, focus }));
    expect(withFocus.messages.slice(0, -1)).toEqual(without.messages.slice(0, -1));
    const last = withFocus.messages.at(-1)!.content as TextPart[];
    expect(last[0]).toEqual({ type: 'text', text: focus });
    expect(last.at(-1)).toEqual({ type: 'text', text: 'Add a settings page' });
    // A first message holds the files too: the element still comes first.
    const first = buildContext(input({ focus })).messages[0]!.content as TextPart[];
    expect(first[0]).toEqual({ type: 'text', text: focus });
    expect(first[1]!.text).toBe(FILES_HEADER);
  });

  it('orders the context stable first: template files, settled files, the chat, then recent files and the request', () => {
    const files = new Map(starter);
    files.set('client/src/App.tsx', 'export default function App() { return <Board />; }\n');
    files.set('client/src/Board.tsx', 'export function Board() { return null; }\n');
    files.set('client/src/Card.tsx', 'export function Card() { return null; }\n');
    const since = new Map([...files.keys()].map((p) => [p, 1]));
    since.set('client/src/Board.tsx', 2).set('client/src/Card.tsx', 3).set('client/src/App.tsx', 7);
    const history = [
      { role: 'user' as const, content: 'Build a board' },
      { role: 'assistant' as const, content: 'Built it.' },
    ];
    const c = buildContext(input({ files, history, age: { since, version: 7 } }));
    const first = c.messages[0]!.content as TextPart[];
    const paths = first.map((p) => (p.providerOptions?.sprout as { file?: string } | undefined)?.file ?? p.text);
    // App.tsx is from version 7, the one the request starts from: it goes with the request.
    const ui = paths.indexOf('client/src/components/ui/button.tsx');
    expect(ui).toBeGreaterThan(0);
    expect(paths.indexOf('client/src/Board.tsx')).toBeGreaterThan(ui);
    expect(paths.indexOf('client/src/Card.tsx')).toBe(paths.indexOf('client/src/Board.tsx') + 1);
    expect(paths).not.toContain('client/src/App.tsx');
    expect(paths.at(-1)).toBe('Build a board');
    expect(c.messages[1]).toEqual({ role: 'assistant', content: 'Built it.' });
    const turn = c.messages[2]!.content as TextPart[];
    expect(turn[0]!.text).toBe('Files changed recently, as they are now:');
    expect(turn[1]!.text).toContain('<file path="client/src/App.tsx">');
    expect(turn.at(-1)!.text).toBe('Add a settings page');
    // The next turn, after an answer that changed nothing: everything up to the chat so far is unchanged.
    const next = buildContext(
      input({ files, history: [...history, { role: 'user', content: 'Add a card' }, { role: 'assistant', content: 'Added.' }], age: { since, version: 7 } }),
    );
    expect(next.system).toBe(c.system);
    expect(next.messages[0]).toEqual(c.messages[0]);
    expect(next.messages[1]).toEqual(c.messages[1]);
  });

  it('marks four cache breakpoints at most: system, template files, settled files, the last message', () => {
    const files = new Map(starter);
    files.set('client/src/Board.tsx', 'export function Board() { return null; }\n');
    const c = buildContext(
      input({
        files,
        history: [
          { role: 'user', content: 'Build a board' },
          { role: 'assistant', content: 'Built it.' },
        ],
        age: { since: new Map([...[...starter.keys()].map((p): [string, number] => [p, 1]), ['client/src/Board.tsx', 2]]), version: 3 },
      }),
    );
    const first = c.messages[0]!.content as TextPart[];
    const marked = first.flatMap((p, i) => (p.providerOptions?.anthropic ? [i] : []));
    expect(marked).toHaveLength(2);
    // The first ends the template's kit (its starter app follows, with the settled files), the second the settled files.
    const fileAt = (i: number) => (first[i]!.providerOptions?.sprout as { file: string }).file;
    expect(starter.has(fileAt(marked[0]!))).toBe(true);
    expect(fileAt(marked[0]! + 1)).toBe('client/src/App.tsx');
    expect(first[marked[1]!]!.text).toContain('<file path="client/src/Board.tsx">');
    expect(first[marked[1]!]!.providerOptions).toMatchObject({ anthropic: { cacheControl: { type: 'ephemeral' } }, sprout: { file: 'client/src/Board.tsx' } });
    expect(cachePointsOf(cachedSystem(c.system), withCachedTail(c.messages))).toBe(4);
    expect(c.messages.at(-1)!.providerOptions).toBeUndefined();
  });

  it('leaves the template’s backend client out of the files (the system prompt teaches it), but shows a changed one', () => {
    const stock = buildContext(input());
    expect(starter.has(CLIENT_PATH)).toBe(true);
    expect(stock.included).not.toContain(CLIENT_PATH);
    expect(textOf(stock)).toContain(`${CLIENT_PATH}: the app backend client described in the system prompt (not shown).`);
    expect(textOf(stock)).not.toContain(`<file path=\\"${CLIENT_PATH}\\">`);
    const files = new Map(starter);
    files.set(CLIENT_PATH, `${starter.get(CLIENT_PATH)}\nexport const extra = 1;\n`);
    const changed = buildContext(input({ files }));
    expect(changed.included).toContain(CLIENT_PATH);
    expect(textOf(changed)).toContain('export const extra = 1;');
    expect(textOf(changed)).not.toContain('(not shown).');
    expect(changed.tokens - stock.tokens).toBeGreaterThan(2000);
  });

  it('condenses a large project: a file map with exports, and only the relevant files in full', () => {
    const files = new Map(starter);
    for (let i = 0; i < 30; i++)
      files.set(`client/src/components/Widget${i}.tsx`, `export function Widget${i}() {\n${'  // filler\n'.repeat(150)}  return null;\n}\n`);
    files.set('client/src/components/SettingsPage.tsx', 'export function SettingsPage() { return null; }\n');
    const c = buildContext(input({ files, condensed: true, recentlyChanged: ['client/src/components/Widget3.tsx'] }));
    expect(c.mode).toBe('condensed');
    expect(c.included).toEqual(expect.arrayContaining(['client/src/components/SettingsPage.tsx', 'client/src/components/Widget3.tsx', 'client/src/App.tsx']));
    expect(c.included).not.toContain('client/src/components/Widget7.tsx');
    const text = textOf(c);
    expect(text).toContain('- client/src/components/Widget7.tsx (');
    expect(text).toContain('KB): Widget7');
    expect(text).not.toContain('<file path=\\"client/src/components/Widget7.tsx\\">');
    expect(buildContext(input({ files, condensed: false })).tokens).toBeGreaterThan(c.tokens);
  });

  it('attaches images as image parts for vision models and tells how to import them', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const c = buildContext(input({ images: [{ importPath: '@/assets/upload-abc', mimeType: 'image/png', data: png }] }));
    const parts = c.messages.at(-1)!.content as { type: string; image?: unknown }[];
    expect(parts.filter((p) => p.type === 'image')).toEqual([{ type: 'image', image: png, mediaType: 'image/png' }]);
    expect(textOf(c)).toContain("import photo from '@/assets/upload-abc'");
    const blind = buildContext(input({ vision: false, images: [{ importPath: '@/assets/upload-abc', mimeType: 'image/png', data: png }] }));
    expect((blind.messages.at(-1)!.content as { type: string }[]).some((p) => p.type === 'image')).toBe(false);
  });
});

describe('secrets in the context', () => {
  it('names the secrets set per dataset, never a value, just before the request; nothing when there are none', () => {
    const c = buildContext(input({ request: 'add checkout', secrets: { test: ['STRIPE_KEY'], live: [] } }));
    const turn = c.messages.at(-1)!.content as { type: string; text?: string }[];
    expect(turn.at(-2)?.text).toBe(
      'Secrets the person has set (names only; functions read them as ctx.env.NAME): test (the preview): STRIPE_KEY; live (the published app): none.',
    );
    expect(turn.at(-1)?.text).toBe('add checkout');
    expect(textOf(buildContext(input({ secrets: { test: [], live: [] } })))).not.toContain('Secrets the person has set');
  });
});
