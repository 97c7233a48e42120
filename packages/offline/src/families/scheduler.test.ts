import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { depositOf } from './scheduler';

describe('a scheduler’s deposit', () => {
  it('reads the amount and currency a prompt names, $20 when it names none, and nothing without a deposit', () => {
    expect(depositOf('a booking page for my salon that takes a $25 deposit')).toEqual({ amount: 2500, currency: 'usd' });
    expect(depositOf('clients pay a 15 euro deposit when they book')).toEqual({ amount: 1500, currency: 'eur' });
    expect(depositOf('a £7.50 deposit')).toEqual({ amount: 750, currency: 'gbp' });
    expect(depositOf('they prepay when booking')).toEqual({ amount: 2000, currency: 'usd' });
    // Held to what a checkout takes.
    expect(depositOf('a $0.10 deposit')).toEqual({ amount: 100, currency: 'usd' });
    expect(depositOf('Appointment booking for a dentist, 30 minute slots')).toBeNull();
  });

  it('takes it through the checkout in the app, says so, and its check pays on the test checkout page', () => {
    const [turn] = converse(['A booking page for my hair salon that takes a $20 deposit']);
    const files = turn!.files;
    expect(files.get('client/src/config.ts')).toContain(
      "export const deposit: { amount: number; currency: string } | null = { amount: 2000, currency: 'usd' };",
    );
    expect(files.get('client/src/App.tsx')).toContain('payments');
    expect(files.get('checks/book-a-slot.json')).toContain('Pay (test)');
    const [plain] = converse(['Appointment booking for a dentist']);
    expect(plain!.files.get('client/src/config.ts')).toContain('export const deposit: { amount: number; currency: string } | null = null;');
    expect(plain!.files.get('checks/book-a-slot.json')).not.toContain('Pay (test)');
  });
});
