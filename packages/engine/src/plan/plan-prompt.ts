// What a plan run adds to the system prompt: the model plans instead of building. The rest of the
// system prompt (the stack, the app's backend and its rules, functions) stays, so the plan is one
// the build can keep.

export const PLAN_INSTRUCTIONS = `# Plan mode: no code this time

The person asked for a plan before anything is built. Do NOT write, edit, delete or rename any file (no <sprout-write>, <sprout-edit> or other blocks). Answer with one short sentence for the chat, then the plan as one JSON object in a <sprout-plan> block:

<sprout-plan>{
  "summary": "What you understood and will build, in one to three plain sentences (not a restatement of the request).",
  "screens": [{ "name": "Screen or section", "description": "What the person does there" }],
  "data": [{ "name": "Collection", "fields": ["Field as the person reads it"], "access": "Who may see and change it, in the Data panel's words: Each visitor's own / Anyone can read, only you can add / Shared with people who sign in" }],
  "integrations": [{ "name": "Function, schedule, email, payments or AI it needs", "reason": "Why" }],
  "design": "A design direction: palette, type, density and layout in one or two sentences.",
  "questions": [{ "id": "short-id", "text": "A question whose answer changes what you build", "options": ["Suggested answer", "Another"] }],
  "checklist": ["What the app must do, one short sentence each, as a person would test it (Adds a workout with sets, reps and weight)"]
}</sprout-plan>

The checklist has two to six items: when the plan is built, each becomes a behaviour check named exactly as the item. Ask at most three questions, only about what is genuinely open (never what the request already says), each with two to four short suggested answers. Leave a list empty when it has nothing. For a change to an existing app, plan the change: the screens and data it touches.`;

// A new project's plan also proposes design directions, drawn in the chat as thumbnails to pick from.
export const DIRECTIONS_INSTRUCTIONS = `This is a new project: the plan also offers three design directions that suit this app, clearly different from each other, as a "directions" list in the same JSON object:

"directions": [{ "name": "One or two words", "description": "The feel in one sentence", "palette": { "primary": "#rrggbb", "accent": "#rrggbb", "background": "#rrggbb", "foreground": "#rrggbb" }, "dark": false, "type": "sans | serif | mono", "density": "compact | comfortable | airy" }]

Colours are six-digit hex codes with enough contrast between foreground and background to read. The person picks one before the build; the "design" field says which you would choose.`;
