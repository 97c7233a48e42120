// A follow-up answered "Done" has changed what it says; what it could not do is named.
import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { unhandledClauses } from './reply';

const RECIPES = 'a recipe box where I save recipes and filter by tag';

describe('follow-ups say Done only for what changed', () => {
  it('a colour asked for one part of the page is not applied to the whole app', () => {
    const [, header] = converse([RECIPES, 'make the header dark green']);
    expect(header!.prose).toMatch(/^I didn't change anything\. I can't colour just the header offline/);
    expect(header!.changed).toEqual([]);
    const [, buttons] = converse([RECIPES, 'make the buttons dark green']);
    expect(buttons!.prose).toMatch(/^Done: changed the colours to dark green/);
    expect(buttons!.changed).toEqual(['client/src/index.css']);
  });

  it('a dark mode switch is not the dark theme', () => {
    const [, toggle] = converse([RECIPES, 'add a dark mode toggle']);
    expect(toggle!.prose).toMatch(/^I didn't change anything\. I can't add a dark mode switch offline/);
    expect(toggle!.changed).toEqual([]);
  });

  it('a message with one thing it can do and one it cannot says both', () => {
    const [, both] = converse([RECIPES, 'make it dark and add a login page']);
    expect(both!.prose).toMatch(/^Partly done: switched the app to its dark theme\.\n\nNot done: I can't “add a login page” offline\./);
    expect(both!.changed).toEqual(['client/index.html']);
    expect(unhandledClauses('use navy and gold')).toEqual([]);
    expect(unhandledClauses('call it Iron and Oak, then add a blog')).toEqual(['add a blog']);
    // A clause after "also" is read with it: one more field, not a wish left undone.
    expect(unhandledClauses('I also want to record the supplier')).toEqual([]);
    expect(unhandledClauses('make it dark and also add a login page')).toEqual(['add a login page']);
  });

  it('thanks is not a request', () => {
    const [, thanks] = converse([RECIPES, 'thanks!']);
    expect(thanks!.prose).toMatch(/^Nothing to change, then\./);
    expect(thanks!.changed).toEqual([]);
  });

  it('composed apps get fields of their own kinds, optional when added later; their title field stays', () => {
    const [, rating, noTitle] = converse([RECIPES, 'add a rating field', 'remove the title field']);
    expect(rating!.prose).toMatch(/^Done: added a \*\*Rating\*\* field \(rating\)/);
    expect(rating!.files.get('client/src/config.ts')).toContain("{ name: 'rating', label: 'Rating', type: 'rating', required: false }");
    expect(noTitle!.prose).toMatch(/^I didn't change anything\. Each record is named by its title, so I kept that field\./);
  });
});
