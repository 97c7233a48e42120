import { ANSWER_FAILURE_CODES, chargedFailureNote, FREE_FAILED_ANSWERS_PER_DAY, isAnswerFailure } from '@sprout/core';
import { countFailedRefundsSince, type Db } from '@sprout/db';
import type { Failure } from './run-failure';

const DAY_MS = 24 * 3600_000;

/**
 * A failure that is the answer's own is given back only within the person's daily allowance (the
 * answer streamed its code and showed its candidate while it ran); beyond it the failure is charged
 * and says so. Any other failure is left as it is.
 */
export async function withinFailedAnswerAllowance(
  db: Db,
  userId: string,
  failure: Failure,
  perDay = FREE_FAILED_ANSWERS_PER_DAY,
  now = Date.now(),
): Promise<Failure> {
  if (failure.refund === false || !isAnswerFailure(failure.code)) return failure;
  const given = await countFailedRefundsSince(db, userId, new Date(now - DAY_MS), ANSWER_FAILURE_CODES);
  if (given < perDay) return failure;
  return { code: failure.code, message: `${failure.message} ${chargedFailureNote(perDay)}`, refund: false };
}
