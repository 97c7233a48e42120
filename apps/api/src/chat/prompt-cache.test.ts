import { beforeAll, describe, expect, it } from 'vitest';
import { getRun } from '@sprout/db';
import { APP, newProject, sendAndWait, type Session, useModelTestApp, writeApp } from '../testing';

type Block = { type: string; text?: string; cache_control?: unknown };
type Body = { system: Block[]; messages: { role: string; content: Block[] }[] };
const EPHEMERAL = { type: 'ephemeral' };
const marks = (body: Body) => (JSON.stringify(body).match(/"cache_control":\{"type":"ephemeral"\}/g) ?? []).length;

describe('prompt caching with Anthropic', () => {
  const { t, fake } = useModelTestApp(
    (url) => ({ SPROUT_MODEL: 'anthropic:claude-test', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: url }),
    'anthropic',
  );
  let owner: Session;
  beforeAll(async () => {
    owner = await t.register();
  });

  it('marks breakpoints that end the same prefix in the next turn, and records the tokens read from the cache', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply(
      { text: writeApp(APP('Cached')), usage: { input: 9000, output: 120, cached: 0 } },
      { text: 'It shows a title and a button.', usage: { input: 9400, output: 20, cached: 7600 } },
    );
    await sendAndWait(t, owner, sproutId, 'Build it');
    const first = fake.requests.at(-1)!.body as unknown as Body;
    const second = await sendAndWait(t, owner, sproutId, 'What does it do?');
    const next = fake.requests.at(-1)!.body as unknown as Body;

    // The system prompt, the end of the template's kit, the end of the settled files and the last message: the four Anthropic honours.
    expect(first.system).toEqual([{ type: 'text', text: expect.stringContaining('<sprout-write'), cache_control: EPHEMERAL }]);
    expect(marks(first)).toBe(4);
    expect(marks(next)).toBe(4);
    expect(first.messages.at(-1)!.content.at(-1)).toMatchObject({ text: 'Build it', cache_control: EPHEMERAL });
    // Everything up to the first breakpoint in the messages is sent again byte for byte.
    const opening = first.messages[0]!.content;
    const end = opening.findIndex((b) => b.cache_control);
    expect(end).toBeGreaterThan(10);
    expect(next.system).toEqual(first.system);
    expect(next.messages[0]!.content.slice(0, end + 1)).toEqual(opening.slice(0, end + 1));
    // App.tsx changed in the first turn: it comes with the new request, after the chat.
    const texts = (blocks: Block[]) => blocks.map((b) => b.text ?? '').join('\n');
    expect(texts(next.messages[0]!.content)).not.toContain('<file path="client/src/App.tsx">');
    expect(texts(next.messages.at(-1)!.content)).toContain('<file path="client/src/App.tsx">');
    expect(next.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);

    expect(second.events.at(-1)).toMatchObject({ type: 'run.finished', data: { tokensIn: 9400, tokensInCached: 7600 } });
    expect((await getRun(t.db.db, second.runId))!.tokensInCached).toBe(7600);
  });
});

describe('prompt caching with an OpenAI-compatible provider', () => {
  const { t, fake } = useModelTestApp();
  let owner: Session;
  beforeAll(async () => {
    owner = await t.register();
  });

  it('records the cached input tokens the provider reports, and zero when it reports none', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply(
      { text: writeApp(APP('Cached')), usage: { input: 3000, output: 90, cached: 2048 } },
      { text: 'Nothing to change.', usage: { input: 3100, output: 5 } },
    );
    const cached = await sendAndWait(t, owner, sproutId, 'Build it');
    expect(cached.events.at(-1)).toMatchObject({ type: 'run.finished', data: { tokensIn: 3000, tokensInCached: 2048 } });
    expect((await getRun(t.db.db, cached.runId))!.tokensInCached).toBe(2048);
    const none = await sendAndWait(t, owner, sproutId, 'Anything else?');
    expect(none.events.at(-1)).toMatchObject({ type: 'run.finished', data: { tokensIn: 3100, tokensInCached: 0 } });
  });
});
