import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The app the visual edits bench (visual-edits.ts) edits: a heading, a counter, a list and an image.

export const FIRST_COLOUR = 'slate-900';

export const FRUIT_APP = `import { useState } from 'react';

const ITEMS = ['Apples', 'Pears', 'Plums'];

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="p-6">
      <header className="bg-white">
        <h1 className="text-${FIRST_COLOUR}">Fruit stand</h1>
      </header>
      <button onClick={() => setCount((c) => c + 1)}>Count: {count}</button>
      <ul>
        {ITEMS.map((item) => (
          <li key={item} className="text-sm">
            {item}
          </li>
        ))}
      </ul>
      <img src="https://example.com/logo.png" alt="Logo" width="40" height="40" />
    </main>
  );
}
`;
/** App.tsx with the heading in `colour`: what a visual edit of its text colour writes. */
export const appWith = (colour: string) => FRUIT_APP.replace(`<h1 className="text-${FIRST_COLOUR}">`, `<h1 className="text-${colour}">`);

/** Tailwind's own value of a palette colour (the preview compiles with this package), e.g. `oklch(50.8% 0.118 165.612)`. */
export function tailwindColour(colour: string): string {
  const dir = path.dirname(createRequire(import.meta.url).resolve('tailwindcss/package.json'));
  const m = new RegExp(`--color-${colour}:\\s*([^;]+);`).exec(readFileSync(path.join(dir, 'theme.css'), 'utf8'));
  if (!m) throw new Error(`tailwindcss/theme.css has no --color-${colour}`);
  return m[1]!.trim();
}
