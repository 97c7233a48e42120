/**
 * The README.md of an exported project: how to run, build and deploy it on its own, and
 * which backend its data lives in. Plain Markdown the person can keep or rewrite.
 */

export interface ReadmeInput {
  /** The project's name as the person knows it. */
  title: string;
  /** The published app's address (its backend serves the export's data); null before publishing. */
  backendUrl?: string | null;
  /** Whether the project has server functions (functions/), which the export runs locally. */
  functions?: boolean;
}

function backendOrigin(url: string | null | undefined): string | null {
  try {
    const parsed = url ? new URL(url) : null;
    return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.origin : null;
  } catch {
    return null;
  }
}

// Names go into a heading: one line, no Markdown or HTML of their own.
const plainTitle = (title: string) =>
  title
    .replace(/[<>`*_[\]#|\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim() || 'Your Sprout app';

export const RUN_SECTION = '## Run it on your computer';

/** The sections every export's README has, after the title. */
const FUNCTIONS_SECTION = '## Server functions';

/** How the export runs the app's functions/ on the person's machine, and how that differs from Sprout's runtime. */
function functionsSection(): string[] {
  return [
    FUNCTIONS_SECTION,
    '',
    'Each `functions/<name>.ts` answers `/_sprout/v1/functions/<name>`. `npm run dev` and `npm run preview` run them on',
    'your computer (`sprout-functions.mjs`, loaded by `vite.config.ts`), fresh on every call:',
    '',
    '- **Secrets**: what a function reads as `ctx.env.NAME` comes from `.env` (or your shell). Add each secret there',
    '  by name; never give it a `VITE_` prefix, which would put it in the page.',
    '- **Data**: `ctx.db` reaches the backend at `SPROUT_BACKEND_URL` as the visitor who called (the rules in',
    '  `sprout.data.json` apply), where on Sprout it acts as the owner.',
    "- **AI**: `ctx.ai` asks that backend's AI as the visitor who called (metered to the app's owner, as its pages are).",
    '- **E-mail**: `ctx.email.send` prints the mail in the terminal and sends nothing: apps send mail through Sprout only.',
    '- **Payments**: checkouts from the pages go to the backend; `ctx.payments.refund` throws here: refunds are made on Sprout (the Data panel).',
    '- **Schedules** (`export const schedule`) run on Sprout only; locally, call the function yourself:',
    '  `curl -X POST http://localhost:5173/_sprout/v1/functions/<name>`.',
    '- The code runs in your Node.js process, with your permissions (on Sprout each app has an isolate of its own).',
    '',
    'A deployed copy needs a server for them: keep publishing from Sprout, or run them on a Workers-style host',
    '(each file is a `default async function (request, ctx)` returning a `Response` or JSON).',
    '',
  ];
}

function readmeSections(input: Pick<ReadmeInput, 'backendUrl' | 'functions'>): string {
  const backend = backendOrigin(input.backendUrl);
  return [
    RUN_SECTION,
    '',
    'You need [Node.js](https://nodejs.org) 20 or later.',
    '',
    '```sh',
    'npm install',
    'cp .env.example .env   # where the app keeps its data: see "Backend" below',
    'npm run dev            # then open the address it prints (http://localhost:5173)',
    '```',
    '',
    '## Build',
    '',
    '```sh',
    'npm run build          # the finished site, in dist/',
    'npm run preview        # serves dist/ on your computer, to try it before you deploy',
    '```',
    '',
    '## Deploy',
    '',
    '`dist/` is a static site: upload it to any static host (Netlify, Vercel, Cloudflare Pages, GitHub Pages,',
    'an S3 bucket…). It is a single-page app, so have the host answer unknown paths with `index.html`.',
    'The app asks its backend for data at `/_sprout/` on its own address: on your host, forward `/_sprout/*`',
    'to the backend below (a redirect rule or a reverse proxy), or keep publishing the app from Sprout.',
    '',
    '## Backend',
    '',
    backend
      ? `The app's data, users and files live in its Sprout backend at **${backend}** (the published app; its live data). \`.env.example\` names it as \`SPROUT_BACKEND_URL\`; \`npm run dev\` and \`npm run preview\` forward \`/_sprout/\` requests there.`
      : "The app's data, users and files live in its Sprout backend, at the published app's address. Publish the app from Sprout, then put that address in `.env` as `SPROUT_BACKEND_URL`; `npm run dev` and `npm run preview` forward `/_sprout/` requests there. Without it the app runs, but its data requests fail.",
    '',
    'Who may read and change what is in `sprout.data.json`; the client the code uses is `client/src/lib/sprout.ts`.',
    '',
    ...(input.functions ? functionsSection() : []),
  ].join('\n');
}

/** A whole README for a project that has none. */
export function exportReadme(input: ReadmeInput): string {
  return [
    `# ${plainTitle(input.title)}`,
    '',
    'Made with [Sprout](https://sprout.dev). A standalone Vite + React + Tailwind project.',
    '',
    readmeSections(input),
  ].join('\n');
}

/** The project's own README, with the run, build, deploy and backend sections added when it lacks them. */
export function withExportSections(own: string, input: Pick<ReadmeInput, 'backendUrl' | 'functions'>): string {
  if (own.includes(RUN_SECTION)) {
    // Functions added since the README was written get their section.
    return input.functions && !own.includes(FUNCTIONS_SECTION) ? `${own.trimEnd()}\n\n${functionsSection().join('\n')}` : own;
  }
  return `${own.trimEnd()}\n\n${readmeSections(input)}`;
}
