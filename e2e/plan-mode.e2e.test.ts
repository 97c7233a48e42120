import { describe, expect, it } from 'vitest';
import type { Plan, Sprout, Usage } from '@sprout/core/contract';
import { FakeModelServer } from '@sprout/engine/testing';
import { writePlanAnswer } from '@sprout/engine/protocol';
import { ApiClient, type TestAccount } from '@sprout/testkit';
import { signedInContext } from '@sprout/testkit/browser';
import { useFixture } from '@sprout/testkit/vitest';
import { eventually, limit, useBrowser, withScreenshot } from './browser';
import { previewFrameOf } from './counter-project';
import { useProduct } from './product';

// Plan, then build (docs/architecture.md, Plan mode): with the Plan switch on (as a new project's
// first message has it), a scripted model at the provider seam answers with a plan; its questions'
// answers are buttons, nothing is charged; Build sends the request with the answer picked as one
// message, which builds what the plan says.

const fake = useFixture(
  'the fake model server',
  () => FakeModelServer.start('openai'),
  (f) => f.close(),
);
const product = useProduct(() => ({ SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, MODEL_MAX_RETRIES: '0' }));
const browser = useBrowser();
const client = () => new ApiClient(product.apiUrl);
const usage = async (account: TestAccount) => (await client().call<Usage>('GET', '/usage', { token: account.idToken })).json;

const PLAN: Plan = {
  summary: 'A workout log: each session’s exercises with sets, reps and weight, and a chart of your progress.',
  screens: [
    { name: 'Log', description: 'Add a session and its exercises' },
    { name: 'Progress', description: 'A chart of what you lifted' },
  ],
  data: [{ name: 'Sessions', fields: ['Date', 'Exercise', 'Sets', 'Reps', 'Weight'], access: 'Each visitor’s own' }],
  integrations: [],
  design: 'Dark, compact and sporty, with one lime accent.',
  questions: [{ id: 'chart', text: 'What should the chart show?', options: ['Weight per exercise', 'Weekly volume'] }],
  checklist: ['Shows the weekly volume', 'Exports the log to CSV'],
};

const APP = `export default function App() {
  return (
    <main className="p-6">
      <h1>Workout log</h1>
      <p>Weekly volume</p>
    </main>
  );
}
`;

const CHECK = JSON.stringify({ name: 'Shows the weekly volume', steps: [{ do: 'expectText', text: 'Weekly volume' }] });

describe('plan mode', () => {
  it('plans with questions as buttons, charges nothing, and builds what the plan says on Build', { timeout: limit(240_000) }, async () => {
    const account = await client().register({ tag: 'plan', displayName: 'Planner' });
    const created = await client().call<Sprout>('POST', '/v1/sprouts', { token: account.idToken, body: { displayName: 'Lifts' } });
    expect(created.status).toBe(201);
    const sprout = created.json;
    const before = await usage(account);
    const { context, page } = await signedInContext(browser, product.webUrl, account, { viewport: { width: 1440, height: 900 } });
    await withScreenshot(page, 'plan-mode', async () => {
      await page.goto(`${product.webUrl}/build/${sprout.id}`);
      // A new project's first message is planned by default: the switch starts on.
      const planSwitch = page.getByRole('switch', { name: 'Plan' });
      await eventually(() => planSwitch.getAttribute('aria-checked')).toBe('true');

      fake.reply({ text: writePlanAnswer('Here’s my plan. Pick an answer, then press Build.', PLAN), chunkSize: 30, delayMs: 5 });
      const input = page.getByTestId('chat-input');
      await input.fill('a workout log with sets, reps and weight and a progress chart');
      await input.press('Control+Enter');

      const card = page.getByTestId('plan-card');
      await card.waitFor({ timeout: limit(60_000) });
      expect(await card.getByTestId('plan-summary').textContent()).toBe(PLAN.summary);
      expect(await card.textContent()).toContain('Sessions (Date, Exercise, Sets, Reps, Weight) — Each visitor’s own');
      // The plan's JSON never shows in the chat.
      expect(await page.getByTestId('chat-panel').textContent()).not.toContain('<sprout-plan>');
      // The switch is off again: the next message builds.
      await eventually(() => planSwitch.getAttribute('aria-checked')).toBe('false');
      expect((await usage(account)).monthlyMessages.used).toBe(before.monthlyMessages.used);

      const question = card.getByRole('group', { name: 'What should the chart show?' });
      const weekly = question.getByRole('button', { name: 'Weekly volume' });
      await weekly.click();
      await eventually(() => weekly.getAttribute('aria-pressed')).toBe('true');
      expect(await question.getByRole('button', { name: 'Weight per exercise' }).getAttribute('aria-pressed')).toBe('false');

      // A new project's plan offers design directions as rendered thumbnails.
      const directions = card.getByRole('group', { name: 'Design direction' });
      expect(await directions.getByRole('button').count()).toBe(3);
      const energetic = directions.getByRole('button', { name: /^Energetic:/ });
      await energetic.click();
      await eventually(() => energetic.getAttribute('aria-pressed')).toBe('true');

      fake.reply({
        text: `Building the log.\n\n<sprout-write path="client/src/App.tsx">\n${APP}</sprout-write>\n\n<sprout-write path="checks/weekly-volume.json">\n${CHECK}\n</sprout-write>\n\n<sprout-summary>Built the workout log</sprout-summary>\n`,
      });
      await card.getByRole('button', { name: 'Build' }).click();
      await card.getByTestId('plan-built').waitFor({ timeout: limit(30_000) });
      await previewFrameOf(page)
        .getByRole('heading', { name: 'Workout log' })
        .waitFor({ timeout: limit(90_000) });
      // The build's request carried the answer picked.
      const sent = JSON.stringify(fake.requests.at(-1)!.body);
      expect(sent).toContain('What should the chart show? Weekly volume');
      expect(sent).toContain('Design: an energetic palette, dark mode');
      expect(sent).toContain('The plan the person approved for this app');
      await eventually(async () => (await usage(account)).monthlyMessages.used, limit(30_000)).toBe(before.monthlyMessages.used + 1);
      // The plan's checklist as the build's behaviour checks ended: the one it tested passed, the other was not built.
      const checklist = page.getByTestId('chat-message').last().getByTestId('plan-checklist');
      await checklist.waitFor({ timeout: limit(30_000) });
      expect(await checklist.getByRole('listitem').evaluateAll((items) => items.map((i) => [i.textContent, i.getAttribute('data-status')]))).toEqual([
        ['Shows the weekly volume (passed)', 'passed'],
        ['Exports the log to CSV not built', 'not-built'],
      ]);

      // After a reload the plan is still there, built, its answer kept.
      await page.reload();
      const again = page.getByTestId('plan-card');
      await again.getByTestId('plan-built').waitFor({ timeout: limit(30_000) });
      expect(await again.getByRole('button', { name: 'Weekly volume' }).getAttribute('aria-pressed')).toBe('true');
      expect(await again.getByRole('button', { name: 'Build' }).count()).toBe(0);
      expect(await again.getByTestId('plan-checklist').textContent()).toContain('1 of 2 passed');
    });
    await context.close();
  });
});
