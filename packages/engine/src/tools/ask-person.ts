import { z } from 'zod';
import { defineTool } from './tool-kit';

/**
 * Asks the person one question and ends the run: the question is the reply, nothing of the answer
 * so far is kept, and the message is not charged (run/question-end.ts). For what the model cannot
 * decide or find out itself; a question with options shows them as a list.
 */
export const askPerson = defineTool({
  description:
    'Ask the person one short question when you cannot go on without their answer (what they want, not what you can find out with the other tools). Your reply ends with it and nothing is changed; they answer in their next message.',
  inputSchema: z.object({
    question: z.string().trim().min(1).max(500),
    options: z.array(z.string().trim().min(1).max(120)).max(6).optional().describe('Answers to pick from, when there are a few'),
  }),
  calling: () => 'Asking you a question',
  run({ question, options = [] }, { session }) {
    session.ask(question, options);
    return { text: 'The question was sent to the person. Stop here: your reply ends with it.', summary: `Asked: ${question.slice(0, 120)}` };
  },
});

/** The question as the reply says it: its text, then its options as a list. */
export const questionText = (question: string, options: readonly string[]) =>
  options.length ? `${question}\n\n${options.map((o) => `- ${o}`).join('\n')}` : question;
