// The chat's standing texts: what the offline builder can do and how to connect a model. Setup
// text (environment variables, restarting the server) is for Sprout's staff, who run the server;
// everyone else is told plainly what the offline builder cannot do, without instructions they
// cannot follow.

import type { FamilyId } from './understand/families';

export const CONNECT_HINT =
  'To let Sprout build and change anything with AI, connect a model: set `SPROUT_MODEL`, for example ' +
  '`openai:gpt-4.1` with `OPENAI_API_KEY`, `anthropic:claude-sonnet-4-5` with `ANTHROPIC_API_KEY`, or a local Ollama model ' +
  'with `openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder:14b`, then restart Sprout. ' +
  'The README section "Connecting a model" has the details.';

/** What a person who does not run the server is told instead of the setup text. */
export const NO_MODEL_NOTE = 'Anything else needs an AI model, and this Sprout has none connected yet.';

/** The setup text for staff, the plain note for everyone else. */
export const modelNote = (staff: boolean) => (staff ? CONNECT_HINT : NO_MODEL_NOTE);

export const CAN_BUILD =
  'a list or log of anything with your own fields, tags, a filter and a chart; a form that saves answers; kanban boards; appointment schedulers; landing pages and service sites; image compressors; B2B dashboards; client portals; internal admin tools; personal apps (habits, expenses, savings, running, plants, fridge recipes, to-dos); and games (snake, memory, tic-tac-toe)';

/** Follow-ups the offline builder understands, as examples for this kind of app. */
export function followUpTips(family: FamilyId | null): string[] {
  const tips = ['rename it (“call it Northwind”)', 'change the colours (“make it dark”, “use a blue palette”, “off-white and navy”)'];
  if (family === 'landing')
    tips.push(
      'add or remove a section (“add an FAQ section”, “remove the testimonials”)',
      'add, rename or remove a form field (“add a company field”, “rename phone to Mobile”)',
    );
  else if (family === 'b2b' || family === 'internal')
    tips.push('add, rename or remove a column (“add a column for the region”, “rename the notes column to Comments”)');
  else if (family === 'scheduler' || family === 'portal') tips.push('add, rename or remove a form field (“add a notes field”)');
  else if (family === 'kanban') tips.push('add, rename or remove a card field (“add a priority field”)');
  else if (family === 'collection') tips.push('add, rename or remove a field (“add a column for the supplier”, “also track the price”, “drop the notes”)');
  return tips;
}

export function tipsLine(family: FamilyId | null, staff: boolean): string {
  return `Offline, I can also ${followUpTips(family).join(', ')}. ${modelNote(staff)}`;
}
