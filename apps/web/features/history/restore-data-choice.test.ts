import { describe, expect, it } from 'vitest';
import { restoreDataChoice } from './restore-data-choice';

describe('restoreDataChoice', () => {
  it('offers the test data only when it is kept', () => {
    expect(restoreDataChoice({ number: 3, hasData: false, dataShapeDiffersFromCurrent: true })).toEqual({
      enabled: false,
      suggested: false,
      hint: 'Not kept for version 2: only the newest versions keep their test data.',
    });
  });

  it('suggests it when the version’s data has another shape than now', () => {
    const choice = restoreDataChoice({ number: 1, hasData: true, dataShapeDiffersFromCurrent: true });
    expect(choice).toMatchObject({ enabled: true, suggested: true });
    expect(choice.hint).toMatch(/^The data of the start has another shape than now\. .*Live data is never changed\.$/);
  });

  it('leaves it unchecked when the shape is the same', () => {
    expect(restoreDataChoice({ number: 4, hasData: true, dataShapeDiffersFromCurrent: false })).toMatchObject({ enabled: true, suggested: false });
  });
});
