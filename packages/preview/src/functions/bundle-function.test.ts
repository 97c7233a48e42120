import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOWED_PACKAGES, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { PreviewBuilder } from '../builder';

const builder = new PreviewBuilder({
  cacheDir: mkdtempSync(path.join(tmpdir(), 'sprout-fn-bundle-')),
  resolveDir: TEMPLATE_PACKAGE_DIR,
  allowed: ALLOWED_PACKAGES,
});
const file = (p: string, content: string) => ({ path: p, content });

describe('bundleFunction', () => {
  it('bundles a function with the project files it imports and reads its access and schedule', async () => {
    const out = await builder.bundleFunction(
      [
        file('lib/greet.ts', 'export const greet = (name: string): string => `Hello, ${name}`;'),
        file(
          'functions/hello.ts',
          "import { greet } from '../lib/greet';\nexport const access = 'signed-in';\nexport const schedule = '*/5 * * * *';\nexport default async function (req: Request) { return { text: greet('you') }; }",
        ),
      ],
      'functions/hello.ts',
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.exports).toEqual({ access: 'signed-in', schedule: '*/5 * * * *', secrets: [] });
    expect(out.code).toContain('Hello, ');
    expect(out.code).not.toMatch(/^import /m);
  });

  it('defaults to access anyone and no schedule', async () => {
    const out = await builder.bundleFunction([file('functions/a.ts', 'export default () => 1;')], 'functions/a.ts');
    expect(out.ok && out.exports).toEqual({ access: 'anyone', schedule: null, secrets: [] });
  });

  it('names the secrets the function reads (types removed first)', async () => {
    const source = 'type Env = { API_TOKEN: string };\nexport default async (req: Request, ctx: { env: Env }) => ctx.env.API_TOKEN as string;';
    const out = await builder.bundleFunction([file('functions/a.ts', source)], 'functions/a.ts');
    expect(out.ok && out.exports.secrets).toEqual(['API_TOKEN']);
  });

  it('says what is wrong: no default export, an access it cannot read, a Node module, a syntax error', async () => {
    const problems = async (source: string) => {
      const out = await builder.bundleFunction([file('functions/x.ts', source)], 'functions/x.ts');
      return out.ok ? [] : out.errors.map((e) => `${e.line ?? '-'}: ${e.message}`);
    };
    expect(await problems('export const x = 1;')).toEqual(['-: functions/x.ts must export a default function: export default async function (req, ctx) { … }']);
    expect((await problems("const a = 'anyone';\nexport const access = a;\nexport default () => 1;"))[0]).toMatch(
      /^2: Write the access as one of 'anyone', 'signed-in', 'webhook'/,
    );
    expect((await problems("export const access = 'admins';\nexport default () => 1;"))[0]).toMatch(/^1: Write the access/);
    expect((await problems("import fs from 'node:fs';\nexport default () => fs.readFileSync('/etc/passwd');"))[0]).toMatch(
      /Node.js module; functions run in an isolate/,
    );
    expect((await problems('export default () => {'))[0]).toMatch(/^1: Unexpected end of file/);
    expect((await problems("export const schedule = 'every morning';\nexport default () => 1;"))[0]).toMatch(/^1: A schedule has five fields/);
  });
});
