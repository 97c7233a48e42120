import { describe, expect, it } from 'vitest';
import { chargedFailureNote, FREE_FAILED_ANSWERS_PER_DAY, isAnswerFailure } from './failed-answer-refund';

describe('failed answers given back', () => {
  it('are the answer’s own failures, not the provider’s or the server’s', () => {
    expect(isAnswerFailure('attempt_failed')).toBe(true);
    expect(isAnswerFailure('answer_cut_off')).toBe(true);
    expect(isAnswerFailure('tool_loop')).toBe(true);
    expect(isAnswerFailure('tool_limit')).toBe(true);
    for (const code of ['provider_unavailable', 'provider_rate_limit', 'interrupted', 'timeout', 'forbidden_path']) expect(isAnswerFailure(code)).toBe(false);
  });

  it('say plainly when a failed answer was charged', () => {
    expect(FREE_FAILED_ANSWERS_PER_DAY).toBeGreaterThan(0);
    expect(chargedFailureNote(5)).toBe('This reply used a message: only 5 replies that do not work are given back each day.');
  });
});
