import { SHARING_RULES } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from './built-app';
import { accessOf, keptCollections, planData } from './plan-data';

const dataOf = (request: string) => planData(buildApp(request).files);

describe('plan data', () => {
  it('says who may see a collection in the Data panel’s words, for every kind of sharing', () => {
    expect(accessOf(SHARING_RULES.personal)).toBe('Each visitor’s own');
    expect(accessOf(SHARING_RULES.inbox)).toBe('Anyone can add; only you can read them (Data panel)');
    expect(accessOf(SHARING_RULES.team)).toBe('Everyone signed in sees all; only the author can edit or delete');
    expect(accessOf(SHARING_RULES.public)).toBe('Anyone can see and add; only you can change or delete (Data panel)');
    expect(accessOf({ create: 'nobody', read: 'anyone', update: 'nobody', delete: 'nobody' })).toBe('Anyone can read; only you can add');
    // Anything else in the long form the Data panel uses.
    expect(accessOf({ create: 'signed-in', read: 'anyone', update: 'nobody', delete: 'creator' })).toMatch(/^Signed-in users of your app can add to them/);
  });

  it('names the fields of a composed list as its form labels them, with tags and the author of a shared one', () => {
    expect(dataOf('i want a workout log where i record sets, reps and weight')).toEqual([
      { name: 'Workouts', fields: ['Exercise', 'Sets', 'Reps', 'Weight'], access: 'Each visitor’s own' },
    ]);
    expect(dataOf('a recipe box with tags')[0]!.fields).toContain('Tags');
    expect(dataOf('a shared shopping list for our household')).toEqual([
      { name: 'Items', fields: ['Item', 'Quantity', 'Bought', 'Added by'], access: 'Everyone signed in sees and edits all; only the author can delete' },
    ]);
    expect(dataOf('a guestbook everyone can sign')[0]!.access).toBe('Anyone can see and add; only you can change or delete (Data panel)');
  });

  it('reads what the catalogue’s apps keep: bookings and their time, cards, a form’s requests, a visitor’s own lists', () => {
    expect(dataOf('A booking page for my hair salon')).toEqual([
      { name: 'Bookings', fields: ['Time', 'Full name', 'Email', 'Phone'], access: 'Anyone can add; only you can read them (Data panel)' },
      { name: 'Taken slots', fields: ['Time'], access: 'Anyone can see and add; only you can change or delete (Data panel)' },
    ]);
    expect(dataOf('A kanban board for my team')[0]).toMatchObject({ name: 'Tasks', fields: ['Title', 'Column', 'Assignee', 'Due date'] });
    expect(dataOf('A one-page site for my yoga studio with a contact form').map((d) => d.name)).toEqual(['Requests']);
    expect(dataOf('A simple to-do list')).toEqual([{ name: 'Todos', fields: ['Task', 'Done', 'Due date'], access: 'Each visitor’s own' }]);
    expect(dataOf('a savings goal for a trip').map((d) => d.name)).toEqual(['Deposits', 'Goal']);
  });

  it('reads fields written over several lines, and keeps nothing for apps without a backend', () => {
    const orders = keptCollections(buildApp('Build me a B2B app for wholesale suppliers with repeat orders').files);
    expect(orders[0]!.fields.map((f) => f.label)).toContain('Product');
    expect(dataOf('Build a snake game')).toEqual([]);
    expect(dataOf('An image compressor')).toEqual([]);
  });
});
