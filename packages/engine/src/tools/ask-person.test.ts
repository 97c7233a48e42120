import { describe, expect, it } from 'vitest';
import { askPerson, questionText } from './ask-person';
import { toolContext } from './context.testing';

describe('ask_person', () => {
  it('ends the tool use with the question, and tells the model to stop', async () => {
    const { ctx, session } = toolContext({});
    const out = await askPerson.run({ question: 'Which colour?', options: ['Green', 'Blue'] }, ctx);
    expect(out).toEqual({ text: 'The question was sent to the person. Stop here: your reply ends with it.', summary: 'Asked: Which colour?' });
    expect(session.stop).toEqual({ kind: 'asked', question: 'Which colour?', options: ['Green', 'Blue'] });
  });

  it('says the question with its options as a list', () => {
    expect(questionText('Which colour?', [])).toBe('Which colour?');
    expect(questionText('Which colour?', ['Green', 'Blue'])).toBe('Which colour?\n\n- Green\n- Blue');
  });

  it('takes one short question and a few options', () => {
    expect(askPerson.inputSchema.safeParse({ question: '' }).success).toBe(false);
    expect(askPerson.inputSchema.safeParse({ question: 'x'.repeat(501) }).success).toBe(false);
    expect(askPerson.inputSchema.safeParse({ question: 'Which?', options: Array.from({ length: 7 }, (_, i) => `o${i}`) }).success).toBe(false);
  });
});
