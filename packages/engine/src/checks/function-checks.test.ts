import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PreviewBuilder } from '@sprout/preview';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { embeddedKeyIssues, functionIssues } from './function-checks';

const builder = new PreviewBuilder({
  cacheDir: mkdtempSync(path.join(tmpdir(), 'sprout-fn-checks-')),
  resolveDir: TEMPLATE_PACKAGE_DIR,
  allowed: ALLOWED_PACKAGES,
});
const bundle = (files: Parameters<PreviewBuilder['bundleFunction']>[0], p: string) => builder.bundleFunction(files, p);

describe('function checks', () => {
  it('reports a changed function that does not build, a misplaced file, and nothing for a good one', async () => {
    const files = new Map([
      ['functions/good.ts', 'export default () => 1;'],
      ['functions/bad.ts', "import fs from 'node:fs';\nexport default () => fs;"],
      ['functions/lib/util.ts', 'export const x = 1;'],
      ['functions/noexport.ts', 'export const x = 1;'],
    ]);
    const issues = await functionIssues(files, [...files.keys()], bundle);
    expect(issues.map((i) => [i.source, i.file, i.message.slice(0, 40)])).toEqual([
      ['build', 'functions/bad.ts', "'node:fs' is a Node.js module; functions"],
      ['build', 'functions/lib/util.ts', 'functions/lib/util.ts: functions are fil'],
      ['build', 'functions/noexport.ts', 'functions/noexport.ts must export a defa'],
    ]);
    expect(await functionIssues(files, ['functions/good.ts', 'client/src/App.tsx'], bundle)).toEqual([]);
  });

  it('reports a key written into a changed file, with its line, and not what merely mentions one', () => {
    const files = new Map([
      ['client/src/pay.ts', "const a = 1;\nconst stripe = 'sk_live_51HxYz0123456789abcdefGHIJ';"],
      ['functions/ai.ts', "const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD';"],
      ['client/src/docs.tsx', '<p>Paste your key (it starts with sk_live_) in the secrets.</p>'],
      ['client/src/aws.ts', "const id = 'AKIAIOSFODNN7EXAMPLE';"],
    ]);
    const issues = embeddedKeyIssues(files, [...files.keys()]);
    expect(issues.map((i) => [i.file, i.line, i.message.split(' (')[0]])).toEqual([
      ['client/src/pay.ts', 2, 'This file holds what looks like a Stripe secret key'],
      ['functions/ai.ts', 1, 'This file holds what looks like an OpenAI key'],
      ['client/src/aws.ts', 1, 'This file holds what looks like an AWS access key'],
    ]);
    expect(issues[0]!.message).toContain('ctx.env.NAME');
    expect(issues[0]!.message).not.toContain('51HxYz0123456789');
  });
});
