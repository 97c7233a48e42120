import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { missingSecretsSentence, secretsReadBy } from './missing-secrets';

const builder = new PreviewBuilder({
  cacheDir: mkdtempSync(path.join(tmpdir(), 'sprout-missing-secrets-')),
  resolveDir: TEMPLATE_PACKAGE_DIR,
  allowed: ALLOWED_PACKAGES,
});
const bundle = (files: Parameters<PreviewBuilder['bundleFunction']>[0], p: string) => builder.bundleFunction(files, p);

describe('missing secrets', () => {
  it('collects the secrets the changed functions read, with the files that read them', async () => {
    const files = new Map([
      ['functions/pay.ts', 'export default (req, ctx) => [ctx.env.STRIPE_KEY, ctx.env.MAIL_TOKEN];'],
      ['functions/notify.ts', 'export default (req, { env }) => env.MAIL_TOKEN;'],
      ['functions/old.ts', 'export default (req, ctx) => ctx.env.OLD_KEY;'],
      ['functions/broken.ts', 'export default (req, ctx) => {'],
      ['client/src/App.tsx', 'export default () => null;'],
    ]);
    const needed = await secretsReadBy(
      files,
      ['functions/pay.ts', 'functions/notify.ts', 'functions/broken.ts', 'client/src/App.tsx', 'functions/gone.ts'],
      bundle,
    );
    expect(Object.fromEntries(needed)).toEqual({ STRIPE_KEY: ['functions/pay.ts'], MAIL_TOKEN: ['functions/pay.ts', 'functions/notify.ts'] });
  });

  it('asks in one sentence for the ones not set, and says nothing when all are', () => {
    const needed = new Map([
      ['STRIPE_KEY', ['functions/pay.ts']],
      ['MAIL_TOKEN', ['functions/pay.ts', 'functions/notify.ts']],
    ]);
    expect(missingSecretsSentence(needed, new Set(['MAIL_TOKEN']))).toEqual({
      names: ['STRIPE_KEY'],
      sentence:
        'Add the secret **STRIPE_KEY** in the Functions panel’s Secrets (test for the preview, live before you publish) so `functions/pay.ts` can use it.',
    });
    expect(missingSecretsSentence(needed, new Set())?.sentence).toBe(
      'Add the secrets **MAIL_TOKEN** and **STRIPE_KEY** in the Functions panel’s Secrets (test for the preview, live before you publish) so `functions/notify.ts` and `functions/pay.ts` can use them.',
    );
    expect(missingSecretsSentence(needed, new Set(['MAIL_TOKEN', 'STRIPE_KEY']))).toBeNull();
  });
});
