import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { secretsReadIn } from './secrets-read';

const read = (code: string) => secretsReadIn(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }));

describe('secretsReadIn', () => {
  it('finds ctx.env.NAME, ctx.env["NAME"] and destructured names, sorted and once each', () => {
    expect(
      read(`
        export default async function (req, ctx) {
          const key = ctx.env.STRIPE_KEY;
          const other = ctx.env['MAIL_TOKEN'];
          const { OPENAI_API_KEY, STRIPE_KEY: again } = ctx.env;
          return fetch('https://api.example.com', { headers: { a: key, b: other, c: OPENAI_API_KEY, d: again } });
        }`),
    ).toEqual(['MAIL_TOKEN', 'OPENAI_API_KEY', 'STRIPE_KEY']);
  });

  it('finds names taken with env from ctx in the parameters, and through a helper that was handed env', () => {
    expect(read('export default async (req, { env: { WEBHOOK_SECRET }, log }) => WEBHOOK_SECRET;')).toEqual(['WEBHOOK_SECRET']);
    expect(read('const sign = (env) => env.SIGNING_KEY;\nexport default (req, ctx) => sign(ctx.env);')).toEqual(['SIGNING_KEY']);
  });

  it('ignores what cannot be a secret name and env reads it cannot name', () => {
    expect(read('export default (req, ctx) => [ctx.env.length, ctx.env[req.url], ctx.env.lowercase, ctx.envy.KEY, process.env_X];')).toEqual([]);
  });
});
