import { describe, expect, it } from 'vitest';
import { buildApp } from './built-app';
import { screensOf } from './plan-screens';

const screensFor = (request: string) => {
  const { spec, app, files } = buildApp(request);
  return screensOf(spec, app, files);
};
const names = (request: string) => screensFor(request).map((s) => s.name);

describe('plan screens', () => {
  it('lists a composed app’s parts: sign-in for a team, the list, the form, a board, a chart', () => {
    expect(names('i want to log my workouts - exercise, sets, reps, weight - and see a chart of my progress')).toEqual(['Workouts', 'Add a workout', 'Chart']);
    expect(names('a team standup board')).toEqual(['Sign in', 'Updates', 'Add an update', 'Board']);
    expect(names('wedding RSVP form that saves the guest name and email')).toEqual(['Wedding RSVP Form', 'Thank-you']);
    expect(screensFor('bug tracker for my side project').find((s) => s.name === 'Board')?.description).toBe(
      'A column per status (Open, In progress and Fixed); move each bug along.',
    );
  });

  it('lists the catalogue families’ screens from what the app does', () => {
    expect(names('A booking page for appointments')).toEqual(['Calendar', 'Free times', 'Booking form', 'My bookings']);
    expect(names('Build a Trello-style kanban board for my team')).toEqual(['Sign in', 'Board', 'Card']);
    const landing = screensFor('A one-page site for my yoga studio with pricing, FAQ and a contact form');
    expect(landing.map((s) => s.name)).toEqual(['Home page', 'Request form']);
    expect(landing[1]!.description).toMatch(/^The call to action/);
    expect(names('Build me a client portal for freelance designers that shares project files')).toContain('Files');
    expect(names('A habit tracker with streaks')).toEqual(['Daily Habits']);
    expect(screensFor('A habit tracker with streaks')[0]!.description).not.toMatch(/saved in the app’s backend/);
  });
});
