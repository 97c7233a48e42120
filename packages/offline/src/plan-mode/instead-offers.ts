// The apps the offline builder offers instead of one it cannot make, each worded as a request it
// builds on its own, as the app it names (instead-offers.test.ts builds every one), with the words
// of a request each comes close to (instead.ts ranks them).

import type { DataSharing } from '@sprout/core';
import type { FamilyId } from '../understand/families';

export interface Offer {
  request: string;
  family: FamilyId;
  variant?: string;
  /** What the built app's kind says (GeneratedApp.kind), so the offer names what it builds. */
  builds: RegExp;
  /** Words of a request this offer comes close to. */
  near: RegExp;
  sharing?: DataSharing;
}

export const OFFERS: readonly Offer[] = [
  {
    request: "A voting form that saves each person's name and their choice",
    family: 'collection',
    builds: /^a form that saves each response \(name and choice\)$/,
    near: /\bvot|\bpolls?\b|ballot|elect|survey|quiz|trivia|opinion|favou?rite|pick/,
    sharing: 'inbox',
  },
  {
    request: 'A suggestion wall where everyone posts ideas',
    family: 'collection',
    builds: /^a list of ideas\b/,
    near: /\bvot|\bpolls?\b|idea|suggest|forum|social|communit|\bfans?\b|\bband\b|\bclub|brainstorm/,
    sharing: 'public',
  },
  {
    request: 'A guestbook where every visitor can leave a message',
    family: 'collection',
    builds: /^a list of messages\b/,
    near: /\bchat|messag|social|forum|comment|guest|\bwall\b|communit|\btalk|dating|blog/,
    sharing: 'public',
  },
  {
    request: 'A client portal with messages, files and invoices',
    family: 'portal',
    builds: /^a client portal$/,
    near: /\bchat|messag|\bclients?\b|customer|support|assistant|chatbot|\bai\b/,
  },
  {
    request: 'A team standup board',
    family: 'collection',
    builds: /^a board of updates\b/,
    near: /\bteams?\b|\bwork\b|office|colleague|staff|standup|meeting|company|\bchat/,
    sharing: 'team',
  },
  {
    request: 'A shared shopping list for our household',
    family: 'collection',
    builds: /^a list of items \(item, quantity and bought\)/,
    near: /household|famil|\bhome\b|shopping|grocer|roommate|flatmate/,
    sharing: 'team',
  },
  {
    request: 'A kanban board for my team',
    family: 'kanban',
    builds: /^a kanban board\b/,
    near: /project|\btasks?\b|kanban|trello|manag|organi[sz]|spreadsheet/,
    sharing: 'team',
  },
  {
    request: 'An admin tool to manage requests',
    family: 'internal',
    builds: /^an internal admin tool for requests$/,
    near: /spreadsheet|admin|\btables?\b|database|records|inventory/,
    sharing: 'team',
  },
  {
    request: 'A habit tracker with streaks',
    family: 'consumer',
    variant: 'habits',
    builds: /^a habit tracker$/,
    near: /habit|routine|daily|streak|health|timer|pomodoro|stopwatch|focus|self/,
  },
  {
    request: 'A simple to-do list',
    family: 'consumer',
    variant: 'todo',
    builds: /^a to-do list$/,
    near: /to-?dos?\b|\btasks?\b|remind|checklist|password|weather|timer|\bnotes?\b|translat/,
  },
  {
    request: 'An expense tracker with a monthly budget',
    family: 'consumer',
    variant: 'expenses',
    builds: /^an expense tracker$/,
    near: /money|expens|spend|budget|calculat|financ|\bbills?\b|\bcosts?\b|prices?|shop|store/,
  },
  {
    request: 'A workout log with a chart',
    family: 'collection',
    builds: /^a log of workouts\b.* with a chart of weight over time$/,
    near: /workout|\bgym\b|fitness|exercis|sport|\brun|train/,
  },
  {
    request: 'A reading list with tags',
    family: 'collection',
    builds: /^a list of books\b.* with tags$/,
    near: /\bbooks?\b|\bread|library|\bblog|writ|learn|study|translat|language/,
  },
  {
    request: 'A list of albums with genres as tags',
    family: 'collection',
    builds: /^a list of albums\b.* with tags$/,
    near: /music|songs?\b|album|playlist|\bband\b|spotify|podcast|concert|\bdj\b/,
  },
  {
    request: 'A movie watchlist with a watched checkbox',
    family: 'collection',
    builds: /^a list of movies \(.*watched\)$/,
    near: /movie|\bfilms?\b|video|youtube|tiktok|watch|\btv\b|series|stream/,
  },
  {
    request: 'A landing page for my shop with a contact form',
    family: 'landing',
    builds: /^a landing page for a shop\b/,
    near: /\bshop|\bstore\b|\bsell|products?\b|business|market|brand|dating|launch|website|\bsite\b|blog/,
  },
  {
    request: 'A booking page for appointments',
    family: 'scheduler',
    builds: /^an appointment booking page\b/,
    near: /\bbook(?:ing)?s?\b|appointment|schedul|calendar|reserv|salon|lesson|\bclass/,
    sharing: 'inbox',
  },
  {
    request: 'A memory matching game',
    family: 'game',
    variant: 'memory',
    builds: /^a memory card game$/,
    near: /\bgames?\b|quiz|trivia|puzzle|drawing|paint|sketch|\bcards?\b/,
  },
  { request: 'A snake game', family: 'game', variant: 'snake', builds: /^the snake game$/, near: /\bgames?\b|arcade/ },
  { request: 'Tic-tac-toe against the computer', family: 'game', variant: 'tictactoe', builds: /^tic-tac-toe\b/, near: /\bgames?\b|board game/ },
];
