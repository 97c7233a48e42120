import { z } from 'zod';
import { MAX_CHECKOUT_ITEMS, MAX_ITEM_AMOUNT, MIN_ITEM_AMOUNT, isAppPath } from '../app-payments/checkout-rules';
import { currencyDigits } from '../plans/plan-prices';
import { idParams, resourceId } from './common';

// An app's payments (docs/app-backend.md, "Payments"): the checkout its pages start on its own
// origin, and the owner's view of the orders (build API), test and live apart.

const metadataText = z.string().max(500, 'A metadata value may be at most 500 characters.');

const appPath = (what: string) =>
  z
    .string({ error: `Give the ${what} as a path of the app, like /thanks.` })
    .max(500, `The ${what} may be at most 500 characters.`)
    .refine(isAppPath, `The ${what} must be a path of this app starting with a single /, like /thanks.`);

export const AppCheckoutItem = z.strictObject({
  name: z.string().trim().min(1, 'Every item needs a name.').max(120, 'An item name may be at most 120 characters.'),
  amount: z
    .number()
    .int('Amounts are whole numbers of the smallest unit (cents): 450 is 4.50.')
    .min(MIN_ITEM_AMOUNT, `An item costs at least ${MIN_ITEM_AMOUNT} (in cents).`)
    .max(MAX_ITEM_AMOUNT, `An item costs at most ${MAX_ITEM_AMOUNT} (in cents).`),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'A currency is its three-letter code, like usd or eur.')
    .refine((c) => currencyDigits(c) !== null, 'This currency is not known: use its ISO 4217 code, like usd or eur.')
    .transform((c) => c.toLowerCase()),
  quantity: z.number().int('A quantity is a whole number.').min(1, 'A quantity is at least 1.').max(100, 'A quantity is at most 100.'),
});

export const AppCheckoutBody = z
  .strictObject({
    items: z
      .array(AppCheckoutItem)
      .min(1, 'A checkout needs at least one item.')
      .max(MAX_CHECKOUT_ITEMS, `A checkout may have at most ${MAX_CHECKOUT_ITEMS} items.`),
    successPath: appPath('success path'),
    cancelPath: appPath('cancel path'),
    metadata: z
      .record(z.string().min(1).max(40, 'A metadata key may be at most 40 characters.'), metadataText)
      .refine((m) => Object.keys(m).length <= 20, 'At most 20 metadata entries.')
      .optional(),
  })
  .refine((b) => new Set(b.items.map((i) => i.currency)).size === 1, { message: 'Every item of one checkout has the same currency.', path: ['items'] });
export type AppCheckoutBody = z.infer<typeof AppCheckoutBody>;

export const AppCheckoutReply = z.object({ url: z.string() });

export const PaymentsParams = idParams('project').extend({ dataset: z.enum(['test', 'live']) });
export const PaymentParams = PaymentsParams.extend({ paymentId: resourceId('payment') });

const PerCurrency = z.record(z.string(), z.number().int()).describe('Minor units by currency');

export const AppPayment = z.object({
  id: z.string(),
  status: z.enum(['paid', 'refunded']),
  amount: z.number().int(),
  currency: z.string(),
  items: z.array(z.object({ name: z.string(), amount: z.number().int(), currency: z.string(), quantity: z.number().int() })),
  metadata: z.record(z.string(), z.string()),
  customerEmail: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type AppPayment = z.infer<typeof AppPayment>;

export const AppPaymentList = z
  .object({
    payments: z.array(AppPayment).describe('Paid and refunded orders, newest first'),
    totals: z.object({ count: z.number().int(), paid: PerCurrency, refunded: PerCurrency }),
    readiness: z
      .object({
        stripeConnected: z.boolean().describe('The live secret STRIPE_SECRET_KEY is set'),
        webhookSecretSet: z.boolean().describe('The live secret STRIPE_WEBHOOK_SECRET is set'),
        testCheckoutSucceeded: z.boolean().describe('A test checkout was paid in the preview'),
      })
      .describe('What taking live payments needs'),
    webhookUrl: z.string().nullable().describe("The address to give Stripe for the app's events (the published app's); null before publishing"),
  })
  .meta({ id: 'AppPaymentList' });
export type AppPaymentList = z.infer<typeof AppPaymentList>;
