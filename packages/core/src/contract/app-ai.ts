import { z } from 'zod';
import { idParams } from './common';

// An app's AI (docs/app-backend.md, "AI"): the request its pages send to /_sprout/v1/ai/chat on their
// own origin (and its functions through ctx.ai), and the owner's view of what it used this month.
// Sizes are bounded by the owner's plan (`appAiLimits`), checked where the plan is known.

export const AiMessage = z.strictObject({
  role: z.enum(['user', 'assistant'], { error: "A message's role is 'user' or 'assistant'." }),
  content: z.string({ error: "A message's content is text." }).max(200_000),
});
export type AiMessage = z.infer<typeof AiMessage>;

export const AiChatBody = z.strictObject({
  messages: z.array(AiMessage, { error: 'Send messages: a list of { role, content }.' }).min(1, 'Send at least one message.').max(500),
  system: z.string().max(200_000).optional(),
  maxTokens: z.number().int().min(1).max(100_000).optional(),
});
export type AiChatBody = z.infer<typeof AiChatBody>;

const DatasetUse = z.object({ tokensIn: z.number().int(), tokensOut: z.number().int(), requests: z.number().int() });

export const AppAiParams = idParams('project');

export const AppAiSettings = z
  .object({
    month: z.string().describe('The month counted, YYYY-MM (UTC)'),
    used: z.object({ test: DatasetUse, live: DatasetUse }).describe('Tokens the preview (test) and the published app (live) used this month'),
    monthlyTokenCap: z.number().int().describe('Tokens (in and out, test and live together) this app may use a month'),
    capIsDefault: z.boolean().describe("Whether the cap is the plan's default (the owner set none)"),
    maxMonthlyTokenCap: z.number().int().describe('The highest cap the plan allows'),
    model: z.string().nullable().describe('The model that answers (its label), or null when AI is not set up on this Sprout'),
  })
  .meta({ id: 'AppAiSettings' });
export type AppAiSettings = z.infer<typeof AppAiSettings>;

export const PutAppAiBody = z.strictObject({
  monthlyTokenCap: z
    .number({ error: 'The cap is a whole number of tokens, or null for the plan’s default.' })
    .int('The cap is a whole number of tokens.')
    .min(0, 'The cap cannot be negative.')
    .nullable(),
});

export const OwnerAppAiUse = z
  .object({
    month: z.string().describe('The month counted, YYYY-MM (UTC)'),
    apps: z
      .array(
        z.object({
          sproutId: z.string(),
          name: z.string(),
          tokens: z.object({ test: z.number().int(), live: z.number().int() }).describe('Tokens in and out, of the preview and of the published app'),
          requests: z.number().int(),
          monthlyTokenCap: z.number().int().describe("The app's cap: the owner's, or the plan's default"),
        }),
      )
      .describe('Every app that used AI this month, most tokens first'),
    totalTokens: z.number().int(),
  })
  .meta({ id: 'OwnerAppAiUse' });
export type OwnerAppAiUse = z.infer<typeof OwnerAppAiUse>;
