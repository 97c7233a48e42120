import { finishRun, insertMessageUsage, refundMessageForRun, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRun } from '../testing/seed-run';
import { withinFailedAnswerAllowance } from './failed-answer';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const attemptFailed = { code: 'attempt_failed', message: 'This change did not work.', refund: true };

/** A failed run of `userId`'s whose message was given back. */
async function refundedFailure(userId: string, code: string) {
  const { run } = await seedRun(h.db, { userId });
  await insertMessageUsage(h.db, { userId, runId: run.id });
  await finishRun(h.db, run.id, { status: 'failed', error: 'x', errorCode: code, tokensIn: 0, tokensInCached: 0, tokensOut: 0, fixRounds: 2 });
  expect(await refundMessageForRun(h.db, run.id)).toBe(true);
}

describe('withinFailedAnswerAllowance', () => {
  it('gives failed answers back up to the day’s allowance, then charges them and says so', async () => {
    const { user } = await seedRun(h.db);
    for (let i = 0; i < 3; i++) {
      expect(await withinFailedAnswerAllowance(h.db, user.id, attemptFailed, 3)).toEqual(attemptFailed);
      await refundedFailure(user.id, i % 2 ? 'answer_cut_off' : 'attempt_failed');
    }
    expect(await withinFailedAnswerAllowance(h.db, user.id, attemptFailed, 3)).toEqual({
      code: 'attempt_failed',
      message: 'This change did not work. This reply used a message: only 3 replies that do not work are given back each day.',
      refund: false,
    });
    // A day later the allowance is there again.
    expect(await withinFailedAnswerAllowance(h.db, user.id, attemptFailed, 3, Date.now() + 25 * 3600_000)).toEqual(attemptFailed);
  });

  it('leaves the provider’s and the server’s failures, and other people’s allowance, alone', async () => {
    const { user } = await seedRun(h.db);
    for (let i = 0; i < 2; i++) await refundedFailure(user.id, 'attempt_failed');
    for (let i = 0; i < 3; i++) await refundedFailure(user.id, 'provider_unavailable');
    const provider = { code: 'provider_unavailable', message: 'The model provider is down.', refund: true };
    expect(await withinFailedAnswerAllowance(h.db, user.id, provider, 2)).toEqual(provider);
    const { user: other } = await seedRun(h.db);
    expect(await withinFailedAnswerAllowance(h.db, other.id, attemptFailed, 2)).toEqual(attemptFailed);
    expect((await withinFailedAnswerAllowance(h.db, user.id, attemptFailed, 2)).refund).toBe(false);
  });
});
