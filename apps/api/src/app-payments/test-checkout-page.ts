import { currencyDigits } from '@sprout/core';
import type { OrderItem } from '@sprout/db';
import { escapeHtml, plainPage } from '../hosting/pages';

// Sprout's own checkout page for an app's test data (the preview and the checks): it lists what the
// app asked for and its total, and pays nothing. Every value comes from the app, so every value is escaped.

/** An amount in minor units as people read it: `€4.50`, `¥1,500`. */
function money(amount: number, currency: string): string {
  const digits = currencyDigits(currency) ?? 2;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

export function testCheckoutPage(o: { appName: string; items: OrderItem[]; amount: number; currency: string; action: string }): string {
  const rows = o.items
    .map((i) => `<tr><td>${escapeHtml(i.name)}</td><td style="text-align:right">${i.quantity} × ${escapeHtml(money(i.amount, i.currency))}</td></tr>`)
    .join('');
  const button = (name: string, label: string, primary: boolean) =>
    `<button type="submit" name="choice" value="${name}" style="font:inherit;padding:.5rem 1rem${primary ? ';font-weight:600' : ''}">${label}</button>`;
  return plainPage(
    `Pay ${o.appName}`,
    '<p style="background:#fef3c7;padding:.5rem .75rem;border-radius:.375rem">Test checkout: no money is taken. The published app takes real payments through Stripe.</p>' +
      `<table style="width:100%;border-collapse:collapse">${rows}<tr><th style="text-align:left;padding-top:.5rem">Total</th><th style="text-align:right;padding-top:.5rem">${escapeHtml(money(o.amount, o.currency))}</th></tr></table>` +
      `<form method="post" action="${escapeHtml(o.action)}" style="display:flex;gap:.75rem;margin-top:1.5rem">${button('pay', 'Pay (test)', true)}${button('cancel', 'Cancel', false)}</form>`,
  );
}

export const checkoutGonePage = () =>
  plainPage('This checkout has ended', '<p>It was paid or cancelled already, or it is more than an hour old. Go back to the app and start again.</p>');
