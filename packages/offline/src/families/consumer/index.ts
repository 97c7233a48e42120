// Consumer apps: one focused, single-purpose personal app picked from the prompt (habits,
// expenses, a savings goal, a couch-to-5K plan, plant care, fridge recipes, a to-do list). Each
// visitor's data is their own, in the app's backend: the default rules, so no sprout.data.json.

import { consumerChecks } from '../../checks/family-checks';
import type { ConsumerVariant } from '../../understand/variants';
import { tidy } from '../../understand/text';
import type { AppSpec } from '../../understand/understand';
import { baseFiles, configFile, honouredLook, lookFor } from '../common';
import { exportConst } from '../literal';
import { currencyOf } from '../records/index';
import { source, sourceFiles, type GeneratedFile } from '../source';
import type { GeneratedApp } from '../types';
import type { PaletteName } from '../../theme/palettes';
import { COUCH_TO_5K, EXPENSES, FRIDGE, HABITS, PLANTS, RECIPES, savingsGoal, TODOS } from './data';

interface Variant {
  name: string;
  kind: string;
  tagline: string;
  palette: PaletteName;
  files: string[];
  /** Apps whose state is one value per visitor (a goal, a kitchen) keep it with lib/own-doc.ts. */
  ownDoc?: boolean;
  config: (spec: AppSpec) => string;
  built: string[];
}

const destination = (prompt: string) => /\btrip to ([A-Z][\p{L}]+(?: [A-Z][\p{L}]+)?)/u.exec(tidy(prompt))?.[1] ?? null;

const VARIANTS: Record<ConsumerVariant, Variant> = {
  habits: {
    kind: 'a habit tracker',
    name: 'Daily Habits',
    tagline: 'Tick off your habits every day and keep the streak alive.',
    palette: 'forest',
    files: ['habits/App.tsx'],
    config: () => exportConst('seedHabits', HABITS),
    built: ['A habit list with this week as tappable days and the current streak of each habit.', 'Today’s progress at the top; add and delete habits.'],
  },
  expenses: {
    kind: 'an expense tracker',
    name: 'Spending',
    tagline: 'Log what you spend in seconds and see where the month goes.',
    palette: 'ocean',
    files: ['expenses/App.tsx'],
    config: (spec) =>
      [
        exportConst('currency', currencyOf(spec.prompt)),
        exportConst('budget', EXPENSES.budget),
        exportConst('categories', EXPENSES.categories),
        exportConst('seedExpenses', EXPENSES.seed),
      ].join('\n'),
    built: [
      'Quick entry of an amount, a category and a note.',
      'This month’s total against a budget, a breakdown by category, and the recent list with delete.',
    ],
  },
  savings: {
    kind: 'a savings goal tracker',
    name: 'Trip Savings',
    tagline: 'Save for the trip, one deposit at a time.',
    palette: 'sunset',
    files: ['savings/App.tsx', 'savings/savings/GoalDialog.tsx'],
    ownDoc: true,
    config: (spec) => [exportConst('currency', currencyOf(spec.prompt)), exportConst('seedGoal', savingsGoal(destination(spec.prompt)))].join('\n'),
    built: [
      'A savings goal (editable name, amount and departure date) with a progress bar.',
      'A countdown to departure and how much to save per week to make it.',
      'Log deposits; the list and the total update at once.',
    ],
  },
  running: {
    kind: 'a couch-to-5K running plan',
    name: 'Couch to 5K',
    tagline: 'Nine weeks, three runs a week, from the sofa to your first 5K.',
    palette: 'energetic',
    files: ['running/App.tsx'],
    config: () => [exportConst('runsPerWeek', 3), exportConst('plan', COUCH_TO_5K)].join('\n'),
    built: [
      'The nine-week couch-to-5K plan, three runs a week; tap a run to log it (with its date).',
      'Your current week, overall progress and a weekly streak, with a celebration when a week is complete.',
    ],
  },
  plants: {
    kind: 'a plant watering tracker',
    name: 'Plant Care',
    tagline: 'Know which plant to water today, and watch them grow.',
    palette: 'green',
    files: ['plants/App.tsx', 'plants/plants/Journal.tsx', 'plants/plants/AddPlant.tsx', 'plants/plants/photo.ts'],
    config: () => exportConst('seedPlants', PLANTS),
    built: [
      'Your plants sorted by when they need water, with a reminder of what to water today.',
      'A Watered button per plant, and a photo journal of its growth (photos are uploaded to the app’s file storage).',
      'Add plants with their watering interval.',
    ],
  },
  recipes: {
    kind: 'a fridge-to-recipe planner',
    name: 'Fridge to Table',
    tagline: 'Turn what is in your fridge into dinner ideas and a shopping list.',
    palette: 'warm',
    files: ['recipes/App.tsx', 'recipes/recipes/WeekPlan.tsx', 'recipes/recipes/ShoppingList.tsx', 'recipes/recipes/ChefIdea.tsx'],
    ownDoc: true,
    config: () => [exportConst('seedFridge', FRIDGE), exportConst('recipes', RECIPES)].join('\n'),
    built: [
      'Your fridge as ingredient chips (add and remove).',
      'Recipe ideas ranked by how much you already have, with what is missing.',
      'A weekly plan and a shopping list built from the planned recipes, ticks remembered.',
      '“Suggest a recipe”: the app’s AI writes a recipe for what is in the fridge, shown as it is written.',
    ],
  },
  todo: {
    kind: 'a to-do list',
    name: 'To-do',
    tagline: 'Everything you need to do, in one calm list.',
    palette: 'indigo',
    files: ['todo/App.tsx'],
    config: () => exportConst('seedTodos', TODOS),
    built: ['Add items with an optional due date, tick them off, delete them.', 'Filter all, active and done; overdue items are highlighted.'],
  },
};

/** Maps `{variant}/x/y.tsx` to client/src/x/y.tsx and `{variant}/App.tsx` to client/src/App.tsx. */
function variantFiles(list: string[]): GeneratedFile[] {
  return list.map((f) => ({ path: `client/src/${f.split('/').slice(1).join('/')}`, content: sourceFiles('consumer', [f])[0]!.content }));
}

export function generateConsumer(spec: AppSpec): GeneratedApp {
  const id = (spec.variant ?? 'habits') as ConsumerVariant;
  const v = VARIANTS[id];
  const name = spec.name ?? v.name;
  const tagline = spec.subject.purpose ?? v.tagline;
  const look = lookFor(spec, v.palette);
  const body = [exportConst('app', { name, tagline }), v.config(spec)].join('\n');
  return {
    name,
    files: [
      ...baseFiles({ title: name, description: tagline, look, parts: ['data'] }),
      configFile('consumer', id, 'Name and the example content a visitor can start from.', body),
      { path: 'client/src/components/Shell.tsx', content: source('consumer/Shell.tsx') },
      { path: 'client/src/components/EmptyList.tsx', content: source('consumer/EmptyList.tsx') },
      ...(v.ownDoc ? [{ path: 'client/src/lib/own-doc.ts', content: source('consumer/own-doc.ts') }] : []),
      ...variantFiles(v.files),
      ...consumerChecks(id, currencyOf(spec.prompt)),
    ],
    kind: v.kind,
    summary: `Built ${name}`,
    built: [...v.built, 'Everything is saved in the app’s backend, per visitor: each person sees only their own, on every visit (no sign-up needed).'],
    honoured: [...(spec.subject.audience ? [`Made for ${spec.subject.audience}.`] : []), honouredLook(look)],
    unsupported: [],
  };
}
