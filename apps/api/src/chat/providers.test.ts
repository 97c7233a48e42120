import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@sprout/testkit';
import { loadConfig } from '../config';
import {
  APP,
  createTestApp,
  expectWellFormed,
  fileOf,
  newProject,
  sendAndWait,
  type Session,
  usedToday,
  useModelTestApp,
  useTestApp,
  versionsOf,
  writeApp,
} from '../testing';

describe('Anthropic-compatible provider', () => {
  const { t, fake } = useModelTestApp(
    (url) => ({ SPROUT_MODEL: 'anthropic:claude-test', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: url }),
    'anthropic',
  );
  let owner: Session;
  beforeAll(async () => {
    owner = await t.register();
  });

  it('drives a whole run: stream, apply, version, with the provider’s token counts', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ text: writeApp(APP('From Claude')), usage: { input: 2000, output: 150 } });
    const { events } = await sendAndWait(t, owner, sproutId, 'Build it');
    expectWellFormed(events);
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { model: 'anthropic:claude-test', tokensIn: 2000, tokensOut: 150 } });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toBe(APP('From Claude'));
    const request = fake.requests.at(-1)!;
    expect(request.headers['x-api-key']).toBe('sk-ant-test');
    expect(request.body).toMatchObject({ model: 'claude-test', stream: true });
    expect(JSON.stringify(request.body.system)).toContain('sprout-write');
  });

  it('turns a refused key into a clear failed run: files intact, message refunded', async () => {
    const sproutId = await newProject(t, owner);
    const before = await versionsOf(t, owner, sproutId);
    fake.reply({ status: 401, error: 'invalid x-api-key' });
    const { events } = await sendAndWait(t, owner, sproutId, 'Build it');
    expectWellFormed(events);
    expect(events.at(-1)).toMatchObject({
      type: 'run.failed',
      data: {
        code: 'provider_auth',
        refunded: true,
        message: 'anthropic:claude-test refused the API key (HTTP 401). Check ANTHROPIC_API_KEY; your project was not changed.',
      },
    });
    expect(await versionsOf(t, owner, sproutId)).toEqual(before);
    expect(await usedToday(t, owner)).toBe(1); // only the successful run above counts
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken })).json().messages;
    expect(chat.at(-1).run).toMatchObject({ status: 'failed', errorCode: 'provider_auth', error: expect.stringContaining('ANTHROPIC_API_KEY') });
  });
});

describe('OpenAI provider errors', () => {
  const { t, fake } = useModelTestApp((url) => ({
    SPROUT_MODEL: 'openai:gpt-test',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: url,
    STAFF_EMAILS: 'openai-owner@example.com',
  }));
  let owner: Session;
  beforeAll(async () => {
    owner = await t.register({ email: 'openai-owner@example.com' });
  });

  it.each([
    [500, 'provider_unavailable', 'openai:gpt-test had a problem on its side (HTTP 500). Try again in a moment; your project was not changed.'],
    [
      429,
      'provider_rate_limit',
      'openai:gpt-test is rate-limiting requests or the account is out of credit (HTTP 429). Wait a minute and try again; your project was not changed.',
    ],
    [401, 'provider_auth', 'openai:gpt-test refused the API key (HTTP 401). Check OPENAI_API_KEY; your project was not changed.'],
  ])('HTTP %i becomes %s', async (status, code, message) => {
    const sproutId = await newProject(t, owner);
    const before = await versionsOf(t, owner, sproutId);
    fake.reply({ status, error: 'nope' });
    const { events } = await sendAndWait(t, owner, sproutId, 'Build it');
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', data: { code, message, refunded: true } });
    expect(await versionsOf(t, owner, sproutId)).toEqual(before);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test');
  });

  it('names a context window that is too small', async () => {
    const sproutId = await newProject(t, owner);
    fake.reply({ status: 400, error: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens." });
    const { events } = await sendAndWait(t, owner, sproutId, 'Build it');
    expect(events.at(-1)).toMatchObject({ type: 'run.failed', data: { code: 'provider_context_length' } });
  });

  it('lets staff pick another model per message with aiModelOverride, and refuses it for others', async () => {
    const sproutId = await newProject(t, owner);
    const { events } = await sendAndWait(t, owner, sproutId, 'Build me a habit tracker', { flags: { aiModelOverride: 'offline' } });
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { model: 'offline' } });
    const bad = await t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, {
      token: owner.idToken,
      body: { text: 'x', flags: { aiModelOverride: 'nope:model' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_model' });
    const someone = await t.register();
    const theirs = await newProject(t, someone);
    const refused = await t.api('POST', `/build/v1/sprouts/${theirs}/messages`, {
      token: someone.idToken,
      body: { text: 'x', flags: { aiModelOverride: 'offline' } },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the model override', () => {
  // The same fake under two addresses: the default model's (which the key belongs to) and another offered one.
  const { t, fake } = useModelTestApp((url) => ({
    SPROUT_MODEL: `openai-compatible:${url}#fake-coder`,
    OPENAI_COMPATIBLE_API_KEY: 'sk-operator-secret',
    SPROUT_MODELS: `Second opinion=openai-compatible:${url.replace('127.0.0.1', 'localhost')}#other-coder`,
    STAFF_EMAILS: 'override-owner@example.com',
  }));
  let staff: Session;
  beforeAll(async () => {
    staff = await t.register({ email: 'override-owner@example.com' });
  });

  it('names only an offered model: an address of the caller’s choosing is refused before anything is sent', async () => {
    const sproutId = await newProject(t, staff);
    const sent = fake.requests.length;
    for (const aiModelOverride of ['openai-compatible:http://127.0.0.1:9/v1#listener', 'openai:gpt-4.1', 'second opinion']) {
      const res = await t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, { token: staff.idToken, body: { text: 'x', flags: { aiModelOverride } } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_model', message: expect.stringContaining('Second opinion') });
    }
    expect(fake.requests.length).toBe(sent);
  });

  it('sends the key only to its own base URL, and shows people labels, never addresses', async () => {
    const sproutId = await newProject(t, staff);
    fake.reply({ text: writeApp(APP('Default')) }, { text: writeApp(APP('Second')) });
    const first = await sendAndWait(t, staff, sproutId, 'Build it');
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-operator-secret');
    expect(first.events.at(-1)).toMatchObject({ type: 'run.finished', data: { model: 'openai-compatible:fake-coder' } });

    const second = await sendAndWait(t, staff, sproutId, 'Again', { flags: { aiModelOverride: 'Second opinion' } });
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'other-coder' });
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(second.events.at(-1)).toMatchObject({ type: 'run.finished', data: { model: 'Second opinion' } });
    const shown = JSON.stringify([
      first.events,
      second.events,
      (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: staff.idToken })).json(),
    ]);
    expect(shown).not.toMatch(/127\.0\.0\.1|localhost:\d/);
  });
});

describe('an unreachable provider', () => {
  it('fails the run with a network message', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await freePort();
    const t = await createTestApp({ SPROUT_MODEL: `openai-compatible:http://127.0.0.1:${port}/v1#nothing`, MODEL_MAX_RETRIES: '0' });
    try {
      const owner = await t.register();
      const sproutId = await newProject(t, owner);
      const { events } = await sendAndWait(t, owner, sproutId, 'Build it');
      const failed = events.at(-1)!;
      expect(failed).toMatchObject({
        type: 'run.failed',
        data: { code: 'provider_network', message: expect.stringContaining('Could not reach the AI provider') },
      });
      // Which port is closed and which is not is the operator's business, not the person's.
      expect(JSON.stringify(events)).not.toContain(String(port));
    } finally {
      await t.close();
    }
  });
});

describe('the offline builder (no model configured)', () => {
  const t = useTestApp();
  let owner: Session;
  beforeAll(async () => {
    owner = await t.register();
  });

  it('is the default model: it builds the app the prompt asks for, edits it, and answers the rest honestly', async () => {
    const sproutId = await newProject(t, owner);
    const first = await sendAndWait(t, owner, sproutId, 'Build me a recipe box for "grandma\'s" <best> dishes');
    expect(first.events.at(-1)).toMatchObject({ type: 'run.finished', data: { model: 'offline', remainingIssues: 0 } });
    expect(await fileOf(t, owner, sproutId, 'client/src/App.tsx')).toContain('export default function App()');
    // The hostile name ends up as text in the page title, never as markup.
    const html = await fileOf(t, owner, sproutId, 'client/index.html');
    expect(html).not.toMatch(/<best>/);

    const dark = await sendAndWait(t, owner, sproutId, 'make it dark');
    expect(dark.events.at(-1)).toMatchObject({ type: 'run.finished', data: { remainingIssues: 0 } });
    expect((dark.events.at(-1)!.data as { versionId: string | null }).versionId).not.toBeNull();
    expect(await fileOf(t, owner, sproutId, 'client/index.html')).toMatch(/class="[^"]*dark/);

    const other = await sendAndWait(t, owner, sproutId, 'Connect it to our Salesforce account');
    expect(other.events.at(-1)).toMatchObject({ type: 'run.finished', data: { versionId: null } });
    const text = other.events
      .filter((e) => e.type === 'text.delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(text).toMatch(/^I can't do/);
    expect(text).toContain('offline builder');
    // Server setup is for staff (offline-staff.test.ts): this person cannot act on it.
    expect(text).not.toContain('SPROUT_MODEL');
  });
});

describe('model configuration', () => {
  it('fails at start-up for a bad SPROUT_MODEL or a missing key', () => {
    expect(() => loadConfig({ SPROUT_MODEL: 'gpt-4' })).toThrow(/SPROUT_MODEL: Unknown model provider "gpt-4"/);
    expect(() => loadConfig({ SPROUT_MODEL: 'openai:gpt-4.1' })).toThrow(/SPROUT_MODEL: openai:gpt-4.1 needs OPENAI_API_KEY/);
    expect(() => loadConfig({ SPROUT_MODEL: 'openai-compatible:localhost#x' })).toThrow(/must look like openai-compatible:/);
    expect(loadConfig({ SPROUT_MODEL: 'anthropic:claude-sonnet-4-5', ANTHROPIC_API_KEY: 'k' }).models.defaultModel).toBe('anthropic:claude-sonnet-4-5');
    expect(loadConfig({}).models.defaultModel).toBe('offline');
    expect(() => loadConfig({ SPROUT_MODELS: 'Mini=openai:gpt-4.1-mini' })).toThrow(/SPROUT_MODELS: openai:gpt-4.1-mini needs OPENAI_API_KEY/);
    expect(() => loadConfig({ SPROUT_MODELS: 'A=offline;A=openai-compatible:http://127.0.0.1:1/v1#m' })).toThrow(/SPROUT_MODELS: Two models are labelled "A"/);
  });
});
