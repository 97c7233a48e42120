import { QUICK_START_CHIPS } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { boardColumns } from './board-columns';

const KANBAN = 'Build a kanban board for my agency with columns backlog, doing, review, done';
const JOBS = 'job application tracker with columns applied / interviewing / offer / rejected';

describe('a board’s columns are its stages', () => {
  it('reads the columns of a kanban board and of a composed board; other apps have none', () => {
    const [kanban] = converse([KANBAN]);
    expect(boardColumns(kanban!.files.get('client/src/config.ts')!)).toEqual(['Backlog', 'Doing', 'Review', 'Done']);
    const [jobs] = converse([JOBS]);
    expect(boardColumns(jobs!.files.get('client/src/config.ts')!)).toEqual(['Applied', 'Interviewing', 'Offer', 'Rejected']);
    const [site] = converse([QUICK_START_CHIPS.find((c) => c.id === 'fitness-coach-website')!.prompt]);
    expect(boardColumns(site!.files.get('client/src/config.ts')!)).toBeNull();
  });

  it('answers a column asked for on a board honestly, and still edits the cards’ fields', () => {
    const [, add, rename, remove, field] = converse([
      KANBAN,
      'add a Blocked column',
      'rename the review column to QA',
      'remove the done column',
      'add a client field',
    ]);
    expect(add!.prose).toMatch(
      /^I didn't change anything\. On this board the columns are the stages cards move through, and I can't add, rename or remove the board's columns offline\. To add a field to each card instead, say “add a blocked field”\./,
    );
    expect(rename!.prose).toMatch(
      /^I didn't change anything\. “Review” is a column of the board, and I can't add, rename or remove the board's columns offline\./,
    );
    expect(remove!.prose).toMatch(/^I didn't change anything\. “Done” is a column of the board/);
    for (const t of [add, rename, remove]) expect(t!.changed).toEqual([]);
    expect(field!.prose).toMatch(/^Done: added a \*\*Client\*\* field \(text\) to the cards\./);
  });

  it('renames a card field asked for as a column when it is not a stage', () => {
    const [, t] = converse([JOBS, 'rename the role column to Position']);
    expect(t!.prose).toMatch(/^Done: renamed the \*\*Role\*\* field to \*\*Position\*\*/);
  });
});
