import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { ChatMessage, SendMessageBody, Sprout, Usage } from '@sprout/core/contract';
import { asPerson, buildFromPlan, eventually, limit, recordUrls, useBrowser, visitedUrls, waitForHydration, withScreenshot } from './browser';
import { apiCall, createSproutsViaApi, registerViaApi, uniqueEmail, webUrl } from './product';

const browser = useBrowser();

const PROJECT_PATH = /^\/build\/([a-z0-9]+)$/;

/** The project id once the page is on /build/{id}. */
async function waitForProjectPage(page: Page): Promise<string> {
  await page.waitForURL((u) => PROJECT_PATH.test(u.pathname), { timeout: limit(30_000) });
  return PROJECT_PATH.exec(new URL(page.url()).pathname)![1]!;
}

/**
 * The hand-over of a prompt to the project page (docs/architecture.md#the-prompt): the page was opened as /build/{id}?prompt={text}, the
 * parameter is then removed from the address, and the chat shows the prompt as its first message.
 */
async function expectPromptHandedOver(page: Page, id: string, prompt: string): Promise<void> {
  const withPrompt = (await visitedUrls(page)).filter((u) => u.pathname === `/build/${id}` && u.searchParams.has('prompt'));
  expect(withPrompt.length).toBeGreaterThan(0);
  expect(withPrompt[0]!.searchParams.get('prompt')).toBe(prompt);
  await eventually(() => new URL(page.url()).searchParams.has('prompt')).toBe(false);
  expect(new URL(page.url()).pathname).toBe(`/build/${id}`);
  // The prompt is the project's first chat message, answered with a plan (free); Build builds it as
  // the next message, the same request.
  const messages = page.locator('[data-testid="chat-message"][data-role="user"]');
  await eventually(() => messages.count()).toBe(1);
  expect(await messages.first().textContent()).toContain(prompt);
  await page.locator('[data-testid="plan-card"][data-state="open"]').waitFor({ timeout: limit(60_000) });
  // The plan costs nothing.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('sprout.auth')!) as { idToken: string }).idToken);
  expect((await apiCall<Usage>('GET', '/usage', token)).json.dailyMessages.used).toBe(0);
  await buildFromPlan(page);
  await eventually(() => messages.count()).toBe(2);

  // Exactly once: a reload (the address no longer carries the prompt) shows the stored message and
  // does not send it again. The proof: the first message the page sends after the reload is the
  // next one the person types.
  const sends: string[] = [];
  const sent = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === `/build/v1/sprouts/${id}/messages`;
  page.on('request', (r) => void (sent(r) && sends.push((r.postDataJSON() as SendMessageBody).text)));
  await page.reload();
  await page.getByTestId('chat-panel').waitFor();
  await eventually(() => messages.count()).toBe(2);
  // One reply at a time: the plan's build ends first.
  await eventually(() => page.getByTestId('run-status').last().getAttribute('data-status'), 60_000).not.toBe('running');
  await waitForHydration(page, '[data-testid="chat-input"]');
  await page.getByTestId('chat-input').fill('And a dark mode');
  // Its answer, not just its request: the chat shows the message at once, before the API has it.
  const next = page.waitForResponse((r) => sent(r.request()));
  await page.getByTestId('chat-input').press('Control+Enter');
  expect((await next).status()).toBe(202);
  expect(sends).toEqual(['And a dark mode']);
  await eventually(() => messages.count()).toBe(3);
  const stored = await apiCall<{ messages: ChatMessage[] }>('GET', `/build/v1/sprouts/${id}/messages`, token);
  expect(stored.json.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([prompt, prompt, 'And a dark mode']);
}

async function expectListed(page: Page, id: string): Promise<void> {
  await page.goto(`${webUrl()}/build`);
  const row = page.locator(`[data-testid="project-row"][data-project-id="${id}"]`);
  await row.waitFor();
  expect(await page.getByTestId('project-row').count()).toBe(1);
}

describe('create flow', () => {
  it('register through the UI, type a prompt, land on the project with the prompt handed over', async () => {
    const context = await browser.newContext();
    await recordUrls(context);
    const page = await context.newPage();
    const prompt = 'A recipe box for my grandmother: cards with photos, search by ingredient & a shopping list. 100% mobile!';
    await withScreenshot(page, 'create-register', async () => {
      await page.goto(`${webUrl()}/register`);
      await page.fill('#displayName', 'Grace');
      await page.fill('#email', uniqueEmail('create'));
      await page.fill('#password', 'correct horse battery');
      await page.click('[data-testid="register-submit"]');
      await page.waitForURL(`${webUrl()}/build`);

      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-send"]');
      await page.getByTestId('prompt-input').click();
      await page.keyboard.type(prompt);
      await page.getByTestId('prompt-send').click();
      const id = await waitForProjectPage(page);
      await expectPromptHandedOver(page, id, prompt);

      // The project exists on the server and belongs to this account.
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('sprout.auth')!) as { idToken: string }).idToken);
      const res = await apiCall<Sprout>('GET', `/v1/sprouts/${id}`, token);
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(id);
      // Created as "Sprout - NNN" and named after what its first build made (docs/architecture.md#projects).
      expect(res.json.displayName).not.toMatch(/^Sprout - [1-9]\d{2}$/);
      // (The name button reads "{name}, rename" to a screen reader.)
      await eventually(() => page.getByTestId('project-name').textContent()).toBe(`${res.json.displayName}, rename`);

      await expectListed(page, id);
    });
    await context.close();
  });

  it('keeps a signed-out prompt through sign-up, one click from sign-in: home → register → login → /init-project → the new project', async () => {
    const account = await registerViaApi('signedout');
    const context = await browser.newContext();
    await recordUrls(context);
    const page = await context.newPage();
    const prompt = 'Build me a tip calculator that splits the bill between friends';
    await withScreenshot(page, 'create-signed-out', async () => {
      await page.goto(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-send"]');
      await page.getByTestId('prompt-input').fill(prompt);
      await page.getByTestId('prompt-send').click();
      // A browser that never signed in belongs to a new visitor: sign-up first, saying the idea is kept.
      await page.waitForURL((u) => u.pathname === '/register');
      const register = new URL(page.url());
      expect(register.searchParams.get('prompt')).toBe(prompt);
      expect(register.searchParams.get('redirectUrl')).toBe('/');
      expect(await page.getByTestId('idea-saved').textContent()).toContain('Your idea is saved — create an account to build it');
      expect(await page.getByTestId('idea-text').textContent()).toBe(prompt);

      // Sign-in is one click away, and keeps the prompt too.
      await waitForHydration(page, '[data-testid="go-login"]');
      await page.getByTestId('go-login').click();
      await page.waitForURL((u) => u.pathname === '/login');
      const login = new URL(page.url());
      expect(login.searchParams.get('prompt')).toBe(prompt);
      expect(login.searchParams.get('redirectUrl')).toBe('/');
      expect(await page.getByTestId('idea-saved').textContent()).toContain('Your idea is saved — sign in to build it');

      await waitForHydration(page, '[data-testid="login-submit"]');
      await page.fill('#email', account.user.email);
      await page.fill('#password', account.password);
      await page.click('[data-testid="login-submit"]');
      const id = await waitForProjectPage(page);

      const init = (await visitedUrls(page)).filter((u) => u.pathname === '/init-project');
      expect(init.length).toBeGreaterThan(0);
      expect(init[0]!.searchParams.get('prompt')).toBe(prompt);
      await expectPromptHandedOver(page, id, prompt);

      // Exactly one project was created, the one we landed on.
      const list = await apiCall<Sprout[]>('GET', '/v1/sprouts', account.idToken);
      expect(list.json.map((s) => s.id)).toEqual([id]);
      await expectListed(page, id);

      // This browser has an account now: signed out, the next prompt goes to sign-in.
      await page.click('[data-testid="user-menu"]');
      await page.click('[data-testid="sign-out"]');
      await page.waitForURL(`${webUrl()}/`);
      await waitForHydration(page, '[data-testid="prompt-send"]');
      await page.getByTestId('prompt-input').fill('A second idea');
      await page.getByTestId('prompt-send').click();
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('prompt')).toBe('A second idea');
    });
    await context.close();
  });

  it('keeps the prompt out of the address after the app router re-renders the page', async () => {
    const account = await registerViaApi('refresh');
    const [sprout] = await createSproutsViaApi(account, ['Refresh me']);
    await asPerson(browser, account, { shot: 'create-prompt-after-refresh' }, async (page) => {
      await page.goto(`${webUrl()}/build/${sprout!.id}?prompt=${encodeURIComponent('Make it blue')}`);
      // Typed into the address bar, not put there by the create flow: the page asks before it sends.
      await page.getByTestId('first-prompt-send').click();
      await eventually(() => page.locator('[data-testid="chat-message"][data-role="user"]').count()).toBe(1);
      await eventually(() => new URL(page.url()).search).toBe('');
      // What useRouter().refresh() does (the auth provider calls it when the signed-in user changes):
      // the app router re-renders the current route from its own idea of the address, and puts that
      // address in the bar when it commits. That idea is what it asks the server for: no prompt.
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === `/build/${sprout!.id}` && r.request().headers()['rsc'] === '1');
      await page.evaluate(() => (window as unknown as { next: { router: { refresh(): void } } }).next.router.refresh());
      expect(new URL((await refreshed).url()).searchParams.has('prompt')).toBe(false);
      expect(new URL(page.url()).search).toBe('');
    });
  });
});
