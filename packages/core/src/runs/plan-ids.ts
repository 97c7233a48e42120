// Answers with a meaning of their own, beside a plan's questions (no zod here: the web app reads them).

/**
 * A question whose answer is what to build instead of the request (the offline builder offers the
 * nearest apps it can make): the answer becomes the build's request.
 */
export const INSTEAD_QUESTION_ID = 'instead';

/** The answer that picks a design direction (its id). */
export const DESIGN_ANSWER_ID = 'design';
