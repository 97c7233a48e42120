// Seed content of the consumer apps: enough that each opens looking used, not empty.

export const HABITS = ['Drink 8 glasses of water', 'Read for 20 minutes', 'Walk 8,000 steps', 'Meditate for 10 minutes'];

export const EXPENSES = {
  categories: ['Groceries', 'Eating out', 'Transport', 'Home', 'Fun', 'Other'],
  budget: 1500,
  seed: [
    { amount: 64.2, category: 'Groceries', note: 'Weekly shop', daysAgo: 1 },
    { amount: 18.5, category: 'Eating out', note: 'Lunch with Sam', daysAgo: 2 },
    { amount: 42, category: 'Transport', note: 'Monthly bus pass', daysAgo: 3 },
    { amount: 120, category: 'Home', note: 'Electricity bill', daysAgo: 4 },
    { amount: 24, category: 'Fun', note: 'Cinema', daysAgo: 5 },
    { amount: 37.8, category: 'Groceries', note: 'Farmers market', daysAgo: 6 },
  ],
};

export function savingsGoal(destination: string | null) {
  return {
    name: destination ? `Trip to ${destination}` : 'Trip to Lisbon',
    target: 2400,
    inDays: 120,
    deposits: [
      { amount: 300, note: 'First deposit', daysAgo: 40 },
      { amount: 150, note: 'Payday', daysAgo: 26 },
      { amount: 80, note: 'Sold old bike', daysAgo: 12 },
      { amount: 150, note: 'Payday', daysAgo: 5 },
    ],
  };
}

/** The classic nine-week couch-to-5K plan, three runs a week. */
export const COUCH_TO_5K = [
  { week: 1, workout: 'Run 60 s, walk 90 s · 8 times', minutes: 20 },
  { week: 2, workout: 'Run 90 s, walk 2 min · 6 times', minutes: 21 },
  { week: 3, workout: 'Run 90 s and 3 min, walk between · twice', minutes: 18 },
  { week: 4, workout: 'Run 3 min and 5 min, walk between · twice', minutes: 22 },
  { week: 5, workout: 'Run 5 min · 3 times, walk 3 min between', minutes: 21 },
  { week: 6, workout: 'Run 8 min, walk 5 min, run 8 min', minutes: 21 },
  { week: 7, workout: 'Run 25 min without stopping', minutes: 25 },
  { week: 8, workout: 'Run 28 min without stopping', minutes: 28 },
  { week: 9, workout: 'Run 30 min: that is your 5K!', minutes: 30 },
];

export const PLANTS = [
  { name: 'Living room monstera', species: 'Monstera deliciosa', every: 7, wateredDaysAgo: 7 },
  { name: 'Kitchen basil', species: 'Basil', every: 2, wateredDaysAgo: 3 },
  { name: 'Bedroom snake plant', species: 'Sansevieria', every: 14, wateredDaysAgo: 4 },
  { name: 'Balcony tomatoes', species: 'Cherry tomato', every: 1, wateredDaysAgo: 0 },
];

export const RECIPES = [
  { name: 'Spinach and cheese omelette', minutes: 10, ingredients: ['eggs', 'spinach', 'cheese', 'butter'] },
  { name: 'Tomato and egg fried rice', minutes: 20, ingredients: ['rice', 'eggs', 'tomatoes', 'spring onions', 'soy sauce'] },
  { name: 'Shakshuka', minutes: 25, ingredients: ['eggs', 'tomatoes', 'onion', 'peppers', 'cumin'] },
  { name: 'Creamy tomato pasta', minutes: 20, ingredients: ['pasta', 'tomatoes', 'cream', 'garlic', 'cheese'] },
  { name: 'Chicken stir-fry', minutes: 20, ingredients: ['chicken', 'peppers', 'soy sauce', 'rice', 'garlic'] },
  { name: 'Veggie quesadillas', minutes: 15, ingredients: ['tortillas', 'cheese', 'peppers', 'beans'] },
  { name: 'Lentil soup', minutes: 35, ingredients: ['lentils', 'onion', 'carrots', 'tomatoes', 'cumin'] },
  { name: 'Greek salad', minutes: 10, ingredients: ['tomatoes', 'cucumber', 'feta', 'olives', 'onion'] },
  { name: 'Spinach risotto', minutes: 30, ingredients: ['rice', 'spinach', 'onion', 'cheese', 'stock'] },
  { name: 'Banana pancakes', minutes: 15, ingredients: ['bananas', 'eggs', 'flour', 'milk'] },
];

export const FRIDGE = ['eggs', 'spinach', 'tomatoes', 'cheese', 'rice', 'onion'];

export const TODOS = ['Book the dentist', 'Call mum', 'Renew passport', 'Buy a birthday present for Alex', 'Pay the phone bill'];
