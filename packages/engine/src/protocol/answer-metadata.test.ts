import { describe, expect, it } from 'vitest';
import { readSproutAnswerMetadata, sproutAnswerMetadata } from './answer-metadata';

describe('answer metadata', () => {
  it('reads what it wrote, and anything else as not substituted', () => {
    expect(readSproutAnswerMetadata(sproutAnswerMetadata({ substituted: true }))).toEqual({ substituted: true });
    expect(readSproutAnswerMetadata(sproutAnswerMetadata({ substituted: false }))).toEqual({ substituted: false });
    for (const other of [undefined, null, 'sprout', {}, { sprout: null }, { sprout: { substituted: 'true' } }, { openai: { substituted: true } }]) {
      expect(readSproutAnswerMetadata(other)).toEqual({ substituted: false });
    }
  });
});
