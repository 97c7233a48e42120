import { describe, expect, it } from 'vitest';
import { clientSecretIssues } from './client-secret-reads';

describe('clientSecretIssues', () => {
  it('refuses a page that reads a secret from import.meta.env or process.env, with its line, once per name', () => {
    const files = new Map([
      [
        'client/src/weather.ts',
        "export const key = import.meta.env.VITE_WEATHER_KEY;\nconst again = import.meta.env.VITE_WEATHER_KEY;\nconst s = process.env['STRIPE_SECRET'];",
      ],
    ]);
    const issues = clientSecretIssues(files, ['client/src/weather.ts']);
    expect(issues.map((i) => [i.source, i.file, i.line])).toEqual([
      ['data', 'client/src/weather.ts', 1],
      ['data', 'client/src/weather.ts', 3],
    ]);
    expect(issues[0]!.message).toContain('reads import.meta.env.VITE_WEATHER_KEY');
    expect(issues[0]!.message).toContain('ctx.env.VITE_WEATHER_KEY');
    expect(issues[1]!.message).toContain('reads process.env.STRIPE_SECRET');
  });

  it('lets the build flags through, and ignores functions, unchanged files and words that only look alike', () => {
    const files = new Map([
      ['client/src/flags.ts', 'export const dev = import.meta.env.DEV && import.meta.env.MODE && process.env.NODE_ENV;'],
      ['client/src/note.tsx', 'export const Note = () => <p>Set import.meta.env.KEY in your env file</p>;'],
      ['functions/pay.ts', 'export default (req, ctx) => ctx.env.STRIPE_KEY ?? process.env.STRIPE_KEY;'],
      ['client/src/old.ts', 'export const k = import.meta.env.OLD_KEY;'],
    ]);
    expect(clientSecretIssues(files, ['client/src/flags.ts', 'client/src/note.tsx', 'functions/pay.ts'])).toEqual([]);
  });
});
