import { describe, expect, it } from 'vitest';
import { firstSentence, ReplyExpectation, replyMismatches } from './reply';

describe('firstSentence', () => {
  it('ends at the first sentence end or line break, without markdown emphasis', () => {
    expect(firstSentence("I can't build chess offline; here is **Tic-Tac-Toe**, or pick one of: snake. More.")).toBe(
      "I can't build chess offline; here is Tic-Tac-Toe, or pick one of: snake.",
    );
    expect(firstSentence('Done. Switched the app to its dark theme.')).toBe('Done.');
    expect(firstSentence('I built **Recipe Box**, a list of recipes\n\n**What it does**')).toBe('I built Recipe Box, a list of recipes');
    expect(firstSentence('Version 2.5 of the app is here. Next')).toBe('Version 2.5 of the app is here.');
    expect(firstSentence('')).toBe('');
    // A data app's reply opens with who sees what; the sentence after it says what was built.
    expect(firstSentence('Each visitor keeps their own recipes; nobody else sees them.\n\nI built **Recipe Box**, a list.')).toBe(
      'I built Recipe Box, a list.',
    );
  });
});

describe('replyMismatches', () => {
  const reply = "I can't build chess offline; here is **Tic-Tac-Toe**, or pick one of: snake.\n\nSet `SPROUT_MODEL` to connect one.";
  it('passes a reply that says what it must', () => {
    expect(
      replyMismatches({ first: ["can't build chess", 'tic-tac-toe'], firstNot: ['Done'], contains: ['SPROUT_MODEL'], notContains: ['Snake game'] }, reply),
    ).toEqual([]);
  });

  it('says which text is missing or present, and where', () => {
    expect(replyMismatches({ first: ['SPROUT_MODEL'], firstNot: ['chess'], contains: ['checkers'], notContains: ['sprout_model'] }, reply)).toEqual([
      `the reply's first sentence does not say "SPROUT_MODEL": "I can't build chess offline; here is Tic-Tac-Toe, or pick one of: snake."`,
      `the reply's first sentence says "chess": "I can't build chess offline; here is Tic-Tac-Toe, or pick one of: snake."`,
      'the reply does not say "checkers"',
      'the reply says "sprout_model"',
    ]);
  });

  it('refuses an empty expectation list', () => {
    expect(ReplyExpectation.safeParse({ first: [] }).success).toBe(false);
    expect(ReplyExpectation.safeParse({ first: ['x'], other: 1 }).success).toBe(false);
  });
});
