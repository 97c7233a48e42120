import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { isDeveloperToolbarUser } from '@sprout/core';
import { serverConfig } from '@/lib/server/config';
import { getServerSession } from '@/lib/server/session';
import { toPublicConfig } from '@/lib/public-config';
import { THEME_BOOT_SCRIPT } from '@/lib/browser/theme';
import { SiteHeader, SiteFooter, OutsideWorkspace } from '@/features/shell';
import { VerifyEmailBanner } from '@/features/account';
import { DevToolbarLoader } from '@/features/dev-toolbar';
import { TELEMETRY_BOOT_SCRIPT } from '@/features/telemetry';
import { Providers } from './providers';
import './globals.css';

export const SITE_TITLE = 'AI App Builder & Vibe Coding Platform';

export async function generateMetadata(): Promise<Metadata> {
  const path = (await headers()).get('x-sprout-pathname') ?? '/';
  return {
    metadataBase: new URL(serverConfig().webUrl),
    title: { default: SITE_TITLE, template: `%s | ${SITE_TITLE}` },
    description: 'Turn your ideas into fully functional apps, games, and websites',
    // The canonical link is the page path without the query (one page, however it was filtered).
    alternates: { canonical: path },
    applicationName: 'Sprout',
    appleWebApp: { capable: true, title: 'Sprout', statusBarStyle: 'default' },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f7fbf8' },
    { media: '(prefers-color-scheme: dark)', color: '#121a15' },
  ],
};

/** The application shell (every page's frame): header, toasts, progress bar, developer toolbar (query clients are in the data pages' layouts). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession();
  const config = toPublicConfig(serverConfig());
  // This response's script nonce (proxy.ts): the page's Content-Security-Policy runs no inline script without it.
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* First: window errors from the very start of the page reach the error reporter. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TELEMETRY_BOOT_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body className="min-h-dvh font-sans">
        <Providers config={config} serverUserId={session?.user.id ?? null} serverTokenIssuedAt={session?.issuedAt ?? null}>
          <div className="flex min-h-dvh flex-col">
            <SiteHeader serverUser={session?.user ?? null} />
            <VerifyEmailBanner />
            <div className="flex flex-1 flex-col">{children}</div>
            {/* The project workspace fills the screen, with its own top bar and no footer. */}
            <OutsideWorkspace>
              <SiteFooter docsUrl={config.docsUrl} blogUrl={config.blogUrl} />
            </OutsideWorkspace>
          </div>
          {/* Only course engineers are ever sent the toolbar's code (it is a separate chunk). */}
          {session && isDeveloperToolbarUser(session.user.roles) ? <DevToolbarLoader /> : null}
        </Providers>
      </body>
    </html>
  );
}
