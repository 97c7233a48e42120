import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { fixReply, isFixRequest } from './fix-request';

const RECIPES = 'a recipe box where I save recipes and filter by tag';

describe('a request to fix something', () => {
  it('is told from a request for a change', () => {
    for (const m of ['Fix the build error', 'fix it', 'the app is broken', "it doesn't load anymore", 'the preview is not working', 'there is a syntax error'])
      expect(isFixRequest(m), m).toBe(true);
    for (const m of ['make it dark', 'call it Northwind', 'add a rating field', 'a workout log']) expect(isFixRequest(m), m).toBe(false);
  });

  it('gets what the offline builder can and cannot fix and the way back, changing nothing', () => {
    const [, fix] = converse([RECIPES, 'Fix the build error']);
    expect(fix!.changed).toEqual([]);
    expect(fix!.prose).toMatch(/^I can't repair code offline, so I left the files as they are/);
    expect(fix!.prose).toContain('**What I can fix:**');
    expect(fix!.prose).toContain('**What I cannot fix:** a mistake in code edited by hand');
    expect(fix!.prose).toContain('press **Back to** the version before');
    expect(fix!.prose).toContain('restore a version from **History**');
  });

  it('still applies a change that uses the word (an edit it can make wins)', () => {
    const [, dark] = converse([RECIPES, 'fix the colours: make it dark']);
    expect(dark!.prose).toMatch(/^Done: switched the app to its dark theme/);
  });

  it('tells staff how to connect a model, and everyone else plainly', () => {
    expect(fixReply(true)).toContain('SPROUT_MODEL');
    expect(fixReply(false)).not.toContain('SPROUT_MODEL');
  });
});

describe('a fix request on code the offline builder did not write', () => {
  it('is answered, not taken for an app to build', () => {
    const [fix] = converse(['Fix the build error']);
    expect(fix!.changed).toEqual([]);
    expect(fix!.prose).toMatch(/^I can't repair code offline/);
  });
});
