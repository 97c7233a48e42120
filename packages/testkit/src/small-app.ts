import type { Sprout } from '@sprout/core/contract';
import type { ApiClient, TestAccount } from './api';

// A project made of one App.tsx and the Vite files around it, for a suite that needs a page it
// wrote itself (the live preview's counter, the visual edits' fruit stand) rather than the starter.

export interface SmallApp {
  displayName: string;
  /** client/src/App.tsx. */
  app: string;
  /** The page's <title>. */
  title?: string;
  /** Tailwind's stylesheet imported (client/src/index.css), for an app whose classes must paint. */
  tailwind?: boolean;
}

/** The files of a small app: index.html, main.tsx (and index.css with Tailwind), App.tsx. */
export function smallAppFiles({ app, title = 'App', tailwind = false }: Omit<SmallApp, 'displayName'>): { name: string; content: string }[] {
  const css = tailwind ? "import './index.css';\n" : '';
  return [
    {
      name: 'client/index.html',
      content: `<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>${title}</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n`,
    },
    {
      name: 'client/src/main.tsx',
      content: `import { createRoot } from 'react-dom/client';\nimport App from './App';\n${css}\ncreateRoot(document.getElementById('root')!).render(<App />);\n`,
    },
    ...(tailwind ? [{ name: 'client/src/index.css', content: "@import 'tailwindcss';\n" }] : []),
    { name: 'client/src/App.tsx', content: app },
  ];
}

/** Creates the small app as a project of `account`; throws with the API's answer when it is refused. */
export async function createSmallApp(client: ApiClient, account: TestAccount, small: SmallApp): Promise<Sprout> {
  const res = await client.call<Sprout>('POST', '/v1/sprouts', {
    token: account.idToken,
    body: { displayName: small.displayName, files: smallAppFiles(small) },
  });
  if (res.status !== 201) throw new Error(`creating the project answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}
