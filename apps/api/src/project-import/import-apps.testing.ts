// Apps as people bring them, for the import's tests: each builds in Sprout once imported.

const PAGE = (title: string) =>
  `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>${title}</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n`;

/** A Vite + React + TypeScript app as Lovable or Bolt writes it, with what such a repository also holds. */
export const VITE_APP: Record<string, string> = {
  'index.html': PAGE('Habit Tracker'),
  'src/main.tsx':
    "import { createRoot } from 'react-dom/client';\nimport App from './App';\nimport './index.css';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
  'src/App.tsx':
    "import { useState } from 'react';\nimport { Button } from '@/components/ui/button';\n\nexport default function App() {\n  const [count, setCount] = useState(0);\n  return <main><h1>Habits</h1><Button onClick={() => setCount(count + 1)}>Done {count}</Button></main>;\n}\n",
  'src/components/ui/button.tsx':
    'import type { ButtonHTMLAttributes } from \'react\';\n\nexport function Button(props: ButtonHTMLAttributes<HTMLButtonElement>) {\n  return <button className="rounded bg-black px-3 py-1 text-white" {...props} />;\n}\n',
  'src/index.css': "@import 'tailwindcss';\n",
  'package.json': JSON.stringify(
    { name: 'habit-tracker', private: true, type: 'module', scripts: { dev: 'vite', build: 'vite build', postinstall: 'node setup.js' } },
    null,
    2,
  ),
  'vite.config.ts': "import { defineConfig } from 'vite';\nexport default defineConfig({});\n",
  'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
  '.env': 'VITE_SUPABASE_ANON_KEY=do-not-import-me\n',
  'supabase/config.toml': 'project_id = "habits"\n',
  'README.md': '# Habit tracker\n',
};

/** A Create React App project: JSX in .js files, a page without a script. */
export const CRA_APP: Record<string, string> = {
  'public/index.html':
    '<!DOCTYPE html>\n<html>\n<head><link rel="icon" href="%PUBLIC_URL%/favicon.svg" /><title>Recipe Box</title></head>\n<body><div id="root"></div></body>\n</html>\n',
  'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
  'src/index.js':
    "import React from 'react';\nimport ReactDOM from 'react-dom/client';\nimport App from './App';\nimport './App.css';\n\nReactDOM.createRoot(document.getElementById('root')).render(<App />);\n",
  'src/App.js': 'export default function App() {\n  return <main className="app">Recipes</main>;\n}\n',
  'src/App.css': '.app { padding: 1rem; }\n',
  'package.json': '{ "name": "recipe-box", "private": true, "scripts": { "start": "react-scripts start" } }\n',
};
