import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import type { ApiClient, TestAccount } from '@sprout/testkit';

// A three-file app with a counter and a label, small enough for a fake model to rewrite in one answer:
// what the live preview's tests (state kept across versions, one top bar, offline and back) edit by chat.

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Counter</title></head>\n<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n';
const MAIN_TSX = "import { createRoot } from 'react-dom/client';\nimport App from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n";

/** The app's App.tsx: a heading with `label` and a button that counts its clicks. */
export const counterApp = (label: string) => `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>${label}</h1>
      <button onClick={() => setCount((c) => c + 1)}>Count: {count}</button>
    </main>
  );
}
`;

/** Creates the counter project (its label "Label one") for `account`. */
export async function counterProject(client: ApiClient, account: TestAccount, displayName = 'Counter'): Promise<Sprout> {
  const res = await client.call<Sprout>('POST', '/v1/sprouts', {
    token: account.idToken,
    body: {
      displayName,
      files: [
        { name: 'client/index.html', content: INDEX_HTML },
        { name: 'client/src/main.tsx', content: MAIN_TSX },
        { name: 'client/src/App.tsx', content: counterApp('Label one') },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

/** The project page's preview frame. */
export const previewFrameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
