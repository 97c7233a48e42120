import { describe, expect, it } from 'vitest';
import { checklistStatus } from './checklist';

describe('a plan’s checklist as its build ended', () => {
  const items = ['Adds a workout.', 'Shows the weekly volume', 'Exports to CSV'];
  it('passes or fails each item as the check named after it did; an item no check tests is not built', () => {
    expect(
      checklistStatus(
        items,
        [
          { name: 'adds a  workout', ok: true },
          { name: 'Shows the weekly volume', ok: false },
        ],
        true,
      ),
    ).toEqual([
      { item: 'Adds a workout.', status: 'passed' },
      { item: 'Shows the weekly volume', status: 'failed' },
      { item: 'Exports to CSV', status: 'not-built' },
    ]);
  });
  it('says nothing was built when the build made no version, or ran no checks', () => {
    expect(checklistStatus(items, [{ name: 'Adds a workout', ok: true }], false).map((i) => i.status)).toEqual(['not-built', 'not-built', 'not-built']);
    expect(checklistStatus(items, null, true).map((i) => i.status)).toEqual(['not-built', 'not-built', 'not-built']);
  });
});
