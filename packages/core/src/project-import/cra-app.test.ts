import { describe, expect, it } from 'vitest';
import { craEntry, craPage, holdsJsx } from './cra-app';

describe('craPage', () => {
  it('drops %PUBLIC_URL% and loads the entry before </body>, or at the end without one', () => {
    expect(craPage('<link href="%PUBLIC_URL%/x.svg"><BODY><div id="root"></div></BODY>', 'src/index.jsx')).toBe(
      '<link href="/x.svg"><BODY><div id="root"></div>  <script type="module" src="/src/index.jsx"></script>\n  </BODY>',
    );
    expect(craPage('<div id="root"></div>\n', 'src/index.tsx')).toBe('<div id="root"></div>\n<script type="module" src="/src/index.tsx"></script>\n');
  });
});

describe('holdsJsx', () => {
  it('tells JSX from plain JavaScript', () => {
    expect(holdsJsx('const a = <div>x</div>;')).toBe(true);
    expect(holdsJsx('render(<App />)')).toBe(true);
    expect(holdsJsx('return <>x</>;')).toBe(true);
    expect(holdsJsx('export const lt = (a, b) => a < b && b > 0;')).toBe(false);
  });
});

describe('craEntry', () => {
  it('prefers TypeScript entries', () => {
    expect(craEntry(['client/src/index.js', 'client/src/index.tsx'])).toBe('client/src/index.tsx');
    expect(craEntry(['client/src/App.js'])).toBeNull();
  });
});
