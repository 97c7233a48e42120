import { describe, expect, it } from 'vitest';
import { functionFileProblem, functionNameOf } from './function-files';
import { functionLimits } from './function-limits';
import { secretHint } from './secret-names';

describe('function files', () => {
  it('names a function by its file directly in functions/', () => {
    expect(functionNameOf('functions/send-reminder.ts')).toBe('send-reminder');
    expect(functionNameOf('functions/a1.ts')).toBe('a1');
    for (const path of [
      'functions/Send.ts',
      'functions/a_b.ts',
      'functions/-a.ts',
      'functions/a--b.ts',
      'functions/lib/a.ts',
      'functions/a.tsx',
      'src/functions/a.ts',
      `functions/${'a'.repeat(65)}.ts`,
    ])
      expect(functionNameOf(path), path).toBeNull();
  });

  it('explains a file under functions/ that is not a function, and says nothing of other files', () => {
    expect(functionFileProblem('functions/lib/util.ts')).toMatch(/directly in functions\/.*lib\//);
    expect(functionFileProblem('functions/SendMail.ts')).toMatch(/lower-case letters, digits and dashes/);
    expect(functionFileProblem('functions/send-mail.ts')).toBeNull();
    expect(functionFileProblem('client/src/App.tsx')).toBeNull();
  });
});

describe('function limits', () => {
  it('gives a free app 10 s a call and schedules every 5 minutes at most; a paid plan more', () => {
    expect(functionLimits('free')).toMatchObject({ wallMs: 10_000, scheduleMinutes: 5 });
    expect(functionLimits('tier-2').wallMs).toBeGreaterThan(10_000);
    expect(functionLimits('sprout-tier-internal-staff').scheduleMinutes).toBe(1);
  });
});

describe('secret hints', () => {
  it('shows the last 4 characters only of a value long enough to keep the rest hidden', () => {
    expect(secretHint('sk_test_1234567890')).toBe('7890');
    expect(secretHint('short')).toBe('');
  });
});
