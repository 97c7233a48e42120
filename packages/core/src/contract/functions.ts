import { z } from 'zod';
import { FUNCTION_NAME, MAX_FUNCTION_NAME } from '../functions/function-files';
import { MAX_SECRET_NAME, MAX_SECRET_VALUE, SECRET_NAME } from '../functions/secret-names';
import { Dataset, DatasetParams } from './app-data';

// The Secrets and Functions panels' API (/build/v1/sprouts/:id/secrets/... and /functions/...): the
// owner's view of what their app's server code may read (never a value once set) and what it did.

export const SecretParams = DatasetParams.extend({
  name: z
    .string()
    .max(MAX_SECRET_NAME)
    .regex(SECRET_NAME, { error: 'A secret name uses capital letters, digits and _ and starts with a letter (STRIPE_KEY).' }),
});

export const PutSecretBody = z.strictObject({
  value: z
    .string()
    .min(1, 'A secret needs a value.')
    .max(MAX_SECRET_VALUE, `A secret may be at most ${MAX_SECRET_VALUE / 1024} KB.`),
});

export const SecretInfo = z.object({
  name: z.string(),
  hint: z.string().describe('The last 4 characters of the value, or empty when it is too short to show any'),
  updatedAt: z.string(),
});
export const SecretList = z.object({ dataset: Dataset, secrets: z.array(SecretInfo) }).meta({ id: 'SecretList' });
export type SecretList = z.infer<typeof SecretList>;

export const PutSecretReply = z.object({ name: z.string(), hint: z.string(), created: z.boolean() });

const functionName = z.string().max(MAX_FUNCTION_NAME).regex(FUNCTION_NAME, { error: 'Invalid function name.' });

export const FunctionParams = DatasetParams.extend({ name: functionName });

export const RunFunctionReply = z
  .object({ status: z.number().int(), body: z.string().describe('What the function answered, as text (at most 64 KB shown)') })
  .meta({ id: 'RunFunctionReply' });

export const FunctionLogsQuery = z.strictObject({
  name: functionName.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const FunctionCall = z.object({
  id: z.string(),
  name: z.string(),
  trigger: z.enum(['request', 'schedule', 'run-now']),
  status: z.number().int().nullable().describe('The HTTP status answered; null when the call was stopped before answering'),
  outcome: z.string().describe("'ok', 'threw', or why it was stopped: 'timeout', 'cpu', 'crashed', 'too_large', 'unavailable'"),
  durationMs: z.number().int(),
  logs: z.array(z.string()).describe('What the function wrote with ctx.log, in order'),
  error: z.object({ message: z.string(), stack: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export const FunctionLogs = z.object({ calls: z.array(FunctionCall) }).meta({ id: 'FunctionLogs' });
export type FunctionLogs = z.infer<typeof FunctionLogs>;

export const AppFunctionInfo = z.object({
  name: z.string(),
  access: z.enum(['anyone', 'signed-in', 'webhook']),
  schedule: z.string().nullable(),
  /** The schedule in words ("every day at 08:00 UTC"), or null. */
  scheduleText: z.string().nullable(),
  secrets: z.array(z.string()).describe('The secrets it reads by name (ctx.env.NAME), sorted; the panel marks the ones not set in this dataset'),
});
export const AppFunctionList = z
  .object({
    /** The version whose functions these are (the preview's current one, or the published one); null: none. */
    versionId: z.string().nullable(),
    functions: z.array(AppFunctionInfo),
    problems: z.array(z.object({ file: z.string(), line: z.number().int().nullable(), message: z.string() })),
  })
  .meta({ id: 'AppFunctionList' });
export type AppFunctionList = z.infer<typeof AppFunctionList>;
