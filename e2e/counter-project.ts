import type { Page } from 'playwright-core';
import type { Sprout } from '@sprout/core/contract';
import { type ApiClient, createSmallApp, type TestAccount } from '@sprout/testkit';

// A three-file app with a counter and a label, small enough for a fake model to rewrite in one answer:
// what the live preview's tests (state kept across versions, one top bar, offline and back) edit by chat.

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
export const counterProject = (client: ApiClient, account: TestAccount, displayName = 'Counter'): Promise<Sprout> =>
  createSmallApp(client, account, { displayName, app: counterApp('Label one'), title: 'Counter' });

/** The project page's preview frame. */
export const previewFrameOf = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');
