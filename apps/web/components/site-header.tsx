'use client';
import type { User } from '@sprout/core/contract';
import { lazy, Suspense } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Moon, Sun } from 'lucide-react';
import { useAppServices } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import { applyTheme } from '@/lib/client/theme';
import { Button } from '@/components/ui/button';
import { LazyDropdownMenu } from '@/components/ui/lazy-dropdown-menu';
import { INTERNAL_STAFF_TIER } from '@sprout/core';
import { Logo } from './logo';

// The menu's items (and their icons) are fetched with the menu (once the page is idle).
const loadMenu = () => import('./user-menu-content');
const UserMenuContent = lazy(loadMenu);

type HeaderUser = Pick<User, 'displayName' | 'email'>;

export function SiteHeader({ serverUser }: { serverUser: HeaderUser | null }) {
  const { status, user } = useAuth();
  const { identity } = useAppServices();
  const router = useRouter();
  // Before the client knows, trust what the server rendered, so the header does not flicker.
  const shown: HeaderUser | null = status === 'uninitialised' ? serverUser : user;

  async function signOut() {
    await identity.signOut();
    router.push('/');
  }

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
          <span>Sprout</span>
        </Link>
        {/* Phones too: Projects for a signed-in person, Pricing for a visitor (both from sm up). */}
        <nav className="ml-1 flex items-center gap-1 text-sm sm:ml-4" aria-label="Main">
          {shown ? (
            <Button asChild variant="ghost" size="sm" className="max-sm:px-2">
              <Link href="/build" data-testid="nav-projects">
                Projects
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="sm" className={shown ? 'hidden sm:inline-flex' : 'max-sm:px-2'}>
            <Link href="/pricing" data-testid="nav-pricing">
              Pricing
            </Link>
          </Button>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Toggle dark mode"
            data-testid="theme-toggle"
            onClick={() => applyTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark')}
          >
            <Sun className="hidden dark:block" />
            <Moon className="dark:hidden" />
          </Button>
          {shown ? (
            <LazyDropdownMenu
              preload={loadMenu}
              trigger={
                <Button variant="outline" size="sm" data-testid="user-menu" className="max-w-32 sm:max-w-44">
                  <span className="flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground">
                    {(shown.displayName || shown.email).slice(0, 1).toUpperCase()}
                  </span>
                  <span className="truncate">{shown.displayName}</span>
                </Button>
              }
            >
              {() => (
                <Suspense fallback={null}>
                  <UserMenuContent email={shown.email} staff={user?.tier === INTERNAL_STAFF_TIER} onSignOut={() => void signOut()} />
                </Suspense>
              )}
            </LazyDropdownMenu>
          ) : status === 'uninitialised' ? (
            <div className="h-8 w-32" aria-hidden="true" />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="max-sm:px-2">
                <Link href="/login">Sign in</Link>
              </Button>
              <Button asChild size="sm" className="max-sm:px-2.5">
                <Link href="/register">Get started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
