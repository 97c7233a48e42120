import { z } from 'zod';
import { isEmailAddress, isSenderName, MAX_SENDER_NAME } from '../app-email/email-limits';
import { idParams } from './common';

// An app's mail (docs/app-backend.md, "E-mail"): the owner's settings (the name it is sent under,
// where replies go), the day's counts against the plan's quota, and the Outbox of what was sent.

export const AppEmailParams = idParams('project');
export const OutboxParams = AppEmailParams.extend({ dataset: z.enum(['test', 'live']) });

const PerDataset = z.object({ test: z.number().int(), live: z.number().int() });

export const AppEmailSettings = z
  .object({
    senderName: z.string().nullable().describe("The name before Sprout's address; null: the project's name"),
    replyTo: z.string().nullable().describe('Where replies go; null: nowhere (Sprout’s address does not read mail)'),
    fromAddress: z.string().describe('The address every app mail is sent from'),
    sentToday: PerDataset.describe('Mails of the UTC day so far, from the preview (test) and the published app (live)'),
    perDay: PerDataset.describe("The plan's quota of mails a day"),
    delivery: z.enum(['smtp', 'recorded']).describe("'recorded': no mail server is configured, so mail is kept in the Outbox, not sent"),
  })
  .meta({ id: 'AppEmailSettings' });
export type AppEmailSettings = z.infer<typeof AppEmailSettings>;

export const PutAppEmailBody = z.strictObject({
  senderName: z
    .string()
    .trim()
    .max(MAX_SENDER_NAME, `A sender name may be at most ${MAX_SENDER_NAME} characters.`)
    .refine((v) => v === '' || isSenderName(v), 'A sender name may not hold quotes, angle brackets or line breaks.')
    .nullable(),
  replyTo: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmailAddress(v), 'Reply-to must be one e-mail address, like you@example.com.')
    .nullable(),
});

export const OutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transactional: z.boolean(),
  status: z.enum(['sending', 'sent', 'failed', 'not_sent', 'unsubscribed']),
  error: z.string().nullable().describe("The mail server's answer when it refused the mail"),
  createdAt: z.string(),
});
export const Outbox = z.object({ emails: z.array(OutboxEmail) }).meta({ id: 'Outbox' });
export type Outbox = z.infer<typeof Outbox>;
