import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { starterFiles } from '@sprout/template';
import { asPerson, DESKTOP, eventually, limit, openProject, useBrowser } from './browser';
import { apiCall, registerViaApi } from './product';

// An app's payments in a real browser: the preview's Buy button goes through Sprout's test checkout
// page (on the app's origin, inside the preview frame) and back to the app's thank-you page; the
// owner's Data panel lists the paid order with its totals, says in live data what real payments
// still need, and refunds the test order.

const browser = useBrowser();

const APP_TSX = `import { useState } from 'react';
import { payments } from '@/lib/sprout';

export default function App() {
  const [problem, setProblem] = useState('');
  const paid = new URLSearchParams(location.search).get('payment');
  if (location.pathname === '/thanks' && paid) {
    return (
      <main>
        <h1>Thank you!</h1>
        <p>Your lemon cakes are on their way.</p>
      </main>
    );
  }
  const buy = async () => {
    try {
      await payments.checkout({ items: [{ name: 'Lemon cake', amount: 450, currency: 'usd', quantity: 2 }], successPath: '/thanks', cancelPath: '/' });
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <main>
      <h1>Lemon Shop</h1>
      <p>Lemon cake, $4.50</p>
      <button onClick={buy}>Buy</button>
      <p role="alert">{problem}</p>
    </main>
  );
}
`;

describe("an app's payments", () => {
  it('takes a test payment through the checkout page, lists it in the Data panel with what live payments need, and refunds it', async () => {
    const account = await registerViaApi('app-payments');
    const files = [
      ...starterFiles()
        .filter((f) => f.name !== 'client/src/App.tsx')
        .map((f) => ({ name: f.name, content: f.content })),
      { name: 'client/src/App.tsx', content: APP_TSX },
    ];
    const created = await apiCall<Sprout>('POST', '/v1/sprouts', account.idToken, { displayName: 'Lemon Shop', files });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // Published, so its live data can be looked at and Stripe's webhook has an address.
    const published = await apiCall<Sprout>('POST', `/build/v1/sprouts/${created.json.id}/publish`, account.idToken, {});
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    await asPerson(browser, account, { shot: 'app-payments', ...DESKTOP }, (page) => steps(page, created.json.id));
  });
});

async function steps(page: Page, sproutId: string) {
  await openProject(page, sproutId);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByRole('heading', { name: 'Lemon Shop' }).waitFor({ timeout: limit(30_000) });

  // Buy: Sprout's test checkout page, in the same frame, lists the order; paying comes back to the app.
  await frame.getByRole('button', { name: 'Buy' }).click();
  await frame.getByRole('heading', { name: 'Pay Lemon Shop' }).waitFor({ timeout: limit(15_000) });
  expect(await frame.locator('table').textContent()).toContain('$9.00');
  await frame.getByRole('button', { name: 'Pay (test)' }).click();
  await frame.getByRole('heading', { name: 'Thank you!' }).waitFor({ timeout: limit(15_000) });

  // The Data panel: one paid order of $9.00 in the test data.
  await page.getByTestId('tab-data').click();
  const section = page.getByTestId('payments-section');
  await section.getByRole('heading', { name: 'Payments' }).waitFor();
  const order = section.getByTestId('payment');
  await eventually(() => order.count(), 15_000).toBe(1);
  expect(await order.getAttribute('data-status')).toBe('paid');
  expect(await order.getByTestId('payment-amount').textContent()).toBe('$9.00');
  expect(await order.getByTestId('payment-status').textContent()).toBe('Paid');
  expect(await order.getByTestId('payment-toggle').textContent()).toBe('2 × Lemon cake');
  expect(await section.getByTestId('payments-count').textContent()).toBe('1 order');
  expect(await section.getByTestId('payments-paid').textContent()).toBe('$9.00');
  expect(await section.getByTestId('payments-readiness').count()).toBe(0);
  await order.getByTestId('payment-toggle').click();
  expect(await order.getByTestId('payment-details').textContent()).toContain('2 × $4.50');
  await order.getByTestId('payment-toggle').click();
  await eventually(() => order.getByTestId('payment-details').count()).toBe(0);

  // Live data: no payments yet, and the checklist says the test checkout is done and Stripe is not connected.
  await page.getByTestId('dataset-live').click();
  await section.getByTestId('payments-empty').waitFor({ timeout: limit(15_000) });
  expect(await section.getByTestId('payments-empty').textContent()).toContain('No live payments yet.');
  const readiness = section.getByTestId('payments-readiness');
  await readiness.getByRole('heading', { name: 'Before taking live payments' }).waitFor();
  const done = async (text: string) => readiness.locator('li', { hasText: text }).getAttribute('data-done');
  expect(await done('Stripe connected (live secret STRIPE_SECRET_KEY)')).toBe('false');
  expect(await done('Webhook signing secret set (live secret STRIPE_WEBHOOK_SECRET)')).toBe('false');
  expect(await done('A test checkout paid in the preview')).toBe('true');
  expect(await readiness.getByTestId('payments-webhook-url').textContent()).toMatch(/^https?:\/\/[^/]+\/_sprout\/v1\/payments\/webhook$/);

  // Back to the test data: the refund asks first, then the order is Refunded and the totals say so.
  await page.getByTestId('dataset-test').click();
  await eventually(() => order.count(), 15_000).toBe(1);
  await order.getByRole('button', { name: 'Refund Lemon cake order' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Refund this payment?').waitFor();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await page.getByText('Payment refunded').waitFor({ timeout: limit(15_000) });
  await eventually(() => order.getAttribute('data-status'), 15_000).toBe('refunded');
  expect(await order.getByTestId('payment-status').textContent()).toBe('Refunded');
  expect(await order.getByRole('button', { name: 'Refund Lemon cake order' }).count()).toBe(0);
  expect(await section.getByTestId('payments-refunded').textContent()).toBe('$9.00');

  // On a phone: the section fits 375 px without scrolling sideways, and a row opens from the keyboard.
  // The toast goes first: on a phone it lies over the view switch, and a pointer resting on a toast keeps it open.
  await page.getByText('Payment refunded').waitFor({ state: 'detached', timeout: limit(30_000) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByTestId('mobile-view-main').click();
  await page.getByTestId('tab-data').click();
  await order.getByTestId('payment-toggle').waitFor();
  // The section itself (the page as a whole still scrolls sideways with the `payments` collection's wide documents table).
  expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 375)).toBe(true);
  const toggle = order.getByTestId('payment-toggle');
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
  expect(await order.getByTestId('payment-details').textContent()).toContain('Lemon cake2 × $4.50');
  expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 375)).toBe(true);
}
