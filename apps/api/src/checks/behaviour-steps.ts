import type { Frame, Locator, Page, Request } from 'playwright-core';
import { describeStep, describeTarget, type BehaviourCheck, type CheckStep, type CheckTarget } from '@sprout/core';
import type { BehaviourCheckResult } from '@sprout/core/contract';

/** How long one step may wait for what it needs (an element to appear, a text to show). */
// Generous: a step that fails waits this long, but a busy server must not fail an app that works.
export const STEP_TIMEOUT_MS = 5_000;
const POLL_MS = 50;
/** How long a step that left the page (a form sent, a checkout's button) waits for the next page, apart from its own time. */
const NAVIGATION_TIMEOUT_MS = 30_000;

/** A step that did not hold, in words the fix round and the chat can use. */
class StepFailed extends Error {}

type Role = Parameters<Page['getByRole']>[0];

/** Finds elements as a person would (role and name, label, placeholder, visible text); never by CSS. */
function locate(page: Page, t: CheckTarget): Locator {
  if ('role' in t) return page.getByRole(t.role as Role, t.name ? { name: t.name } : undefined);
  if ('label' in t) return page.getByLabel(t.label);
  if ('placeholder' in t) return page.getByPlaceholder(t.placeholder);
  return page.getByText(t.text);
}

/** The first visible match, waiting up to the step's time for one. */
async function visible(page: Page, t: CheckTarget, timeout: number): Promise<Locator> {
  const first = locate(page, t).locator('visible=true').first();
  try {
    await first.waitFor({ state: 'visible', timeout });
    return first;
  } catch {
    const any = await locate(page, t).count();
    throw new StepFailed(any ? `${describeTarget(t)} is on the page but not visible` : `nothing on the page matches ${describeTarget(t)}`);
  }
}

/** Polls `read` until `ok` holds or the time is up; the last value says what the page showed. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout: number): Promise<{ ok: boolean; last: T }> {
  const end = Date.now() + timeout;
  for (;;) {
    const last = await read();
    if (ok(last)) return { ok: true, last };
    if (Date.now() >= end) return { ok: false, last };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const textOf = async (page: Page, t?: CheckTarget) => (t ? (await locate(page, t).allInnerTexts()).join('\n') : await page.locator('body').innerText());
const has = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** A mail the app sent during the check, as the check's expectEmail step reads it. */
export interface CheckEmail {
  to: string;
  subject: string;
  text: string;
}

const matches = (mail: CheckEmail, step: Extract<CheckStep, { do: 'expectEmail' }>) =>
  (step.to === undefined || mail.to.toLowerCase() === step.to.toLowerCase()) &&
  (step.subject === undefined || has(mail.subject, step.subject)) &&
  (step.text === undefined || has(mail.text, step.text));

async function runStep(page: Page, step: CheckStep, timeout: number, emails: () => Promise<CheckEmail[]>): Promise<void> {
  switch (step.do) {
    case 'fill':
      return void (await (await visible(page, step.target, timeout)).fill(step.value, { timeout }));
    case 'click':
      return void (await (await visible(page, step.target, timeout)).click({ timeout }));
    case 'press':
      if (step.target) return void (await (await visible(page, step.target, timeout)).press(step.key, { timeout }));
      return void (await page.keyboard.press(step.key));
    case 'expectText': {
      const seen = await until(
        () => textOf(page, step.target),
        (t) => has(t, step.text),
        timeout,
      );
      if (!seen.ok) throw new StepFailed(`"${step.text}" is not on the page${step.target ? ` in ${describeTarget(step.target)}` : ''}`);
      return;
    }
    case 'expectNoText': {
      const seen = await until(
        () => textOf(page),
        (t) => !has(t, step.text),
        timeout,
      );
      if (!seen.ok) throw new StepFailed(`"${step.text}" is still on the page`);
      return;
    }
    case 'expectCount': {
      const seen = await until(
        () => locate(page, step.target).locator('visible=true').count(),
        (n) => n === step.count,
        timeout,
      );
      if (!seen.ok) throw new StepFailed(`expected ${step.count} × ${describeTarget(step.target)}, found ${seen.last}`);
      return;
    }
    case 'expectEmail': {
      const seen = await until(emails, (all) => all.some((m) => matches(m, step)), timeout);
      if (seen.ok) return;
      const sent = seen.last.slice(0, 3).map((m) => `to ${m.to} "${m.subject}"`);
      throw new StepFailed(`the app sent no such e-mail (${sent.length ? `it sent ${sent.join(', ')}` : 'it sent none'})`);
    }
  }
}

/**
 * Watches a step for leaving the page: a navigation of the main frame it asked for (a form sent, a
 * checkout's button) is waited for until the next page has loaded, however long the server takes to
 * answer (within NAVIGATION_TIMEOUT_MS), so the next step's own time starts on the page it is for.
 */
function watchNavigation(page: Page) {
  let requested = false;
  let arrived = () => {};
  const committed = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const main = (frame: Frame | null) => frame === page.mainFrame();
  const onRequest = (r: Request) => {
    if (r.isNavigationRequest() && main(r.frame())) requested = true;
  };
  const onFailed = (r: Request) => {
    if (r.isNavigationRequest() && main(r.frame())) arrived();
  };
  const onNavigated = (frame: Frame) => {
    if (main(frame)) arrived();
  };
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  page.on('framenavigated', onNavigated);
  return {
    /** One round trip to the page, so errors its handlers threw have been reported before they are read; then the next page, if the step left this one. */
    async settle(): Promise<void> {
      try {
        await page.evaluate(() => 0);
      } catch (err) {
        if (!/context was destroyed|navigat/i.test((err as Error).message)) throw err;
        requested = true;
      }
      if (!requested) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([committed, new Promise<void>((resolve) => (timer = setTimeout(resolve, NAVIGATION_TIMEOUT_MS)))]);
      clearTimeout(timer);
      await page.waitForLoadState('load', { timeout: NAVIGATION_TIMEOUT_MS });
    },
    stop(): void {
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      page.off('framenavigated', onNavigated);
    },
  };
}

/** What the page showed when a step failed: its visible text, shortened. */
async function pageText(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? `The page showed: "${flat.slice(0, 300)}${flat.length > 300 ? '…' : ''}"` : 'The page showed no text.';
}

/**
 * Runs one behaviour check's steps in order on a page that has just loaded the candidate; stops at the
 * first step that does not hold and says which, why, what the page showed and the errors it threw.
 */
export async function runBehaviourCheck(
  page: Page,
  check: BehaviourCheck & { file: string },
  o: { stepTimeoutMs?: number; errors: () => string[]; emails: () => Promise<CheckEmail[]> },
): Promise<BehaviourCheckResult> {
  const timeout = o.stepTimeoutMs ?? STEP_TIMEOUT_MS;
  for (const [i, step] of check.steps.entries()) {
    const before = o.errors().length;
    try {
      const navigation = watchNavigation(page);
      try {
        await runStep(page, step, timeout, o.emails);
        await navigation.settle();
      } finally {
        navigation.stop();
      }
      const thrown = o.errors().slice(before);
      if (thrown.length) throw new StepFailed(`the app threw an error: ${thrown[0]}`);
    } catch (err) {
      const why = err instanceof StepFailed ? err.message : `the step could not be done (${(err as Error).message.split('\n')[0]})`;
      const errors = o.errors();
      const errorText = errors.length ? ` Errors: ${errors.slice(0, 3).join(' | ').slice(0, 400)}` : '';
      return {
        file: check.file,
        name: check.name,
        ok: false,
        failedStep: i + 1,
        step: describeStep(step),
        message: `${why}. ${await pageText(page)}${errorText}`,
      };
    }
  }
  return { file: check.file, name: check.name, ok: true, failedStep: null, step: null, message: null };
}
