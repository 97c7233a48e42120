import { describe, expect, it } from 'vitest';
import { publishGateFindings, standingFindings } from './run-gate';

const STRIPE = `sk_live_${'a1B2'.repeat(6)}`;
const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const gate = (files: Record<string, string>, built: Record<string, string> = {}) =>
  publishGateFindings({ files: new Map(Object.entries({ 'client/src/App.tsx': APP, ...files })), built: new Map(Object.entries(built)) });
const rulesOf = (findings: { rule: string; severity: string }[]) => findings.map((f) => `${f.severity} ${f.rule}`);

describe('the security check at publish', () => {
  it('passes a plain app', () => {
    expect(gate({ 'package.json': JSON.stringify({ dependencies: { react: '19.3.1' } }) })).toEqual([]);
  });

  it('finds a key in the client code with its file and line, never quoting the key', () => {
    const [f, ...rest] = gate({ 'client/src/config.ts': `// payments\nexport const KEY = '${STRIPE}';\n` });
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical', rule: 'secret-in-client', file: 'client/src/config.ts', line: 2 });
    expect(f!.message).toContain('a Stripe secret key (sk_live_…)');
    expect(f!.message).not.toContain(STRIPE);
  });

  it('finds a key only the built bundle holds (a dependency, a build-time variable), and none in a function', () => {
    expect(gate({}, { 'assets/index-abc.js': `var k="${STRIPE}";` })).toMatchObject([{ rule: 'secret-in-client', file: 'assets/index-abc.js', line: null }]);
    expect(gate({ 'functions/pay.ts': `const fallback = '${STRIPE}';\nexport default async function () { return fallback; }\n` })).toEqual([]);
  });

  it('finds personal data anyone can read, declared in the rules or written by the code, and leaves private collections alone', () => {
    const rules = JSON.stringify(
      {
        collections: {
          signups: { read: 'anyone', create: 'anyone', fields: { email: { type: 'string' } } },
          bookings: { read: 'signed-in', create: 'signed-in' },
          notes: { read: 'creator', fields: { email: { type: 'string' } } },
        },
      },
      null,
      2,
    );
    const code =
      "import { db } from '@/lib/sprout';\nexport const book = (phone: string) => db.collection('bookings').add({ when: 'now', phone });\nexport const x = { phone: 1 };\n";
    const findings = gate({ 'sprout.data.json': rules, 'client/src/book.ts': code.replace('phone })', 'phone: phone })') });
    expect(findings.filter((f) => f.rule === 'public-personal-data')).toEqual([
      expect.objectContaining({
        severity: 'critical',
        file: 'sprout.data.json',
        line: 3,
        message: expect.stringMatching(/^"signups" can be read by anyone.*\(email\)/),
      }),
      expect.objectContaining({ severity: 'warning', line: 12, message: expect.stringMatching(/^"bookings" can be read by any signed-in user.*\(phone\)/) }),
    ]);
  });

  it('finds rules that let people change or delete what others wrote: blocking when any visitor may, told when signed-in users may', () => {
    const rules = JSON.stringify({
      collections: { posts: { read: 'anyone', update: 'signed-in', delete: 'anyone' }, chores: { update: 'signed-in' }, votes: { update: 'nobody' } },
    });
    expect(gate({ 'sprout.data.json': rules })).toEqual([
      expect.objectContaining({
        severity: 'critical',
        rule: 'others-can-change',
        message: expect.stringMatching(/^In "posts", any signed-in user can update and anyone can delete documents other people wrote/),
      }),
      expect.objectContaining({
        severity: 'warning',
        rule: 'others-can-change',
        message: expect.stringMatching(/^In "chores", any signed-in user can update/),
      }),
    ]);
  });

  it('finds a webhook function that checks nothing, and not one that verifies a signature or another access', () => {
    const open =
      "export const access = 'webhook';\nexport default async function (req: Request, ctx: any) {\n  await ctx.db.collection('orders').add(await req.json());\n}\n";
    const signed = open.replace(
      'await ctx.db',
      "if (req.headers.get('x-signature') !== ctx.env.HOOK_SECRET) return new Response('no', { status: 401 });\n  await ctx.db",
    );
    expect(gate({ 'functions/orders-hook.ts': open })).toMatchObject([
      { severity: 'critical', rule: 'webhook-unverified', file: 'functions/orders-hook.ts', line: 1 },
    ]);
    expect(gate({ 'functions/orders-hook.ts': signed })).toEqual([]);
    expect(gate({ 'functions/orders.ts': open.replace("'webhook'", "'signed-in'") })).toEqual([]);
  });

  it('warns of HTML or code made from strings in the client', () => {
    const page =
      'export function Note({ html }: { html: string }) {\n  return <div dangerouslySetInnerHTML={{ __html: html }} />;\n}\nexport const run = (s: string) => eval(s);\n';
    expect(rulesOf(gate({ 'client/src/Note.tsx': page }))).toEqual(['warning html-from-data', 'warning html-from-data']);
    expect(gate({ 'client/src/Note.tsx': page }).map((f) => f.line)).toEqual([2, 4]);
    // A method that happens to be named eval is not the global eval.
    expect(gate({ 'client/src/calc.ts': 'export const v = parser.eval("1+1");\n' })).toEqual([]);
  });

  it('blocks a script over plain http and warns of one from another site', () => {
    const html =
      '<!doctype html>\n<head>\n<script src="http://cdn.example/lib.js"></script>\n<script src="https://cdn.example/x.js"></script>\n<script type="module" src="/client/src/main.tsx"></script>\n';
    expect(gate({ 'index.html': html })).toMatchObject([
      { severity: 'critical', rule: 'insecure-script', file: 'index.html', line: 3 },
      { severity: 'warning', rule: 'insecure-script', file: 'index.html', line: 4 },
    ]);
  });

  it('finds dependencies with known advisories: high ones block, moderate ones warn', () => {
    const pkg = JSON.stringify({ dependencies: { react: '19.3.1', lodash: '4.17.15', jquery: '^3.4.1', dompurify: '3.1.3', axios: 'latest' } }, null, 2);
    const findings = gate({ 'package.json': pkg });
    expect(findings).toEqual([
      expect.objectContaining({
        severity: 'critical',
        rule: 'known-advisory',
        file: 'package.json',
        line: 4,
        message: expect.stringContaining('lodash 4.17.15 has a known high vulnerability (GHSA-35jh-r3h4-6jhm)'),
      }),
      expect.objectContaining({ severity: 'warning', line: 5, message: expect.stringContaining('jquery 3.4.1') }),
    ]);
  });

  it('orders critical findings first, and lets each critical rule stand until acknowledged', () => {
    const findings = gate({
      'client/src/Note.tsx': 'export const N = () => <div dangerouslySetInnerHTML={{ __html: "x" }} />;\n',
      'client/src/config.ts': `export const KEY = '${STRIPE}';\n`,
      'sprout.data.json': JSON.stringify({ collections: { posts: { update: 'anyone' } } }),
    });
    expect(rulesOf(findings)).toEqual(['critical secret-in-client', 'critical others-can-change', 'warning html-from-data']);
    expect(standingFindings(findings).map((f) => f.rule)).toEqual(['secret-in-client', 'others-can-change']);
    expect(standingFindings(findings, [{ rule: 'secret-in-client', reason: 'It is a test key for a demo' }]).map((f) => f.rule)).toEqual(['others-can-change']);
  });

  it('reads broken files as nothing found rather than failing', () => {
    expect(gate({ 'package.json': '{ not json', 'sprout.data.json': '{ nope' })).toEqual([]);
  });
});
