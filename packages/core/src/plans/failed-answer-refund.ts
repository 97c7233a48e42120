/**
 * A reply whose answer did not work (its checks still failed after the fix rounds, or it was cut off)
 * is given back: the person should not pay for Sprout's mistake. But such a reply streamed its code
 * and showed its candidate while it ran, so giving every one back would make a reply written to fail
 * free code. At most `FREE_FAILED_ANSWERS_PER_DAY` of them a day are given back; after that they are
 * charged like any other reply, and the chat says so.
 */
export const FREE_FAILED_ANSWERS_PER_DAY = 5;

/**
 * The failures that are the answer's own (it was streamed, then did not work): a model that used
 * tools and went round in circles (`tool_loop`) or used its plan's tool steps without changing
 * anything (`tool_limit`) is one too.
 */
export const ANSWER_FAILURE_CODES: readonly string[] = ['attempt_failed', 'answer_cut_off', 'tool_loop', 'tool_limit'];

export function isAnswerFailure(code: string): boolean {
  return ANSWER_FAILURE_CODES.includes(code);
}

/** What the chat adds when a failed answer is charged because the day's free ones are used. */
export function chargedFailureNote(perDay: number): string {
  return `This reply used a message: only ${perDay} replies that do not work are given back each day.`;
}
