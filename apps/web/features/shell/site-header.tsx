'use client';
import type { User } from '@sprout/core/contract';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Moon, Sun } from 'lucide-react';
import { useAuth } from '@/lib/api/auth';
import { applyTheme } from '@/lib/browser/theme';
import { isWorkspacePath } from '@/lib/workspace-path';
import { Button } from '@/ui/button';
import { Logo } from '@/ui/logo';
import { UserMenu } from './user-menu';

type HeaderUser = Pick<User, 'displayName' | 'email'>;

export function SiteHeader({ serverUser }: { serverUser: HeaderUser | null }) {
  const { status, user } = useAuth();
  const pathname = usePathname();
  // Before the client knows, trust what the server rendered, so the header does not flicker.
  const shown: HeaderUser | null = status === 'uninitialised' ? serverUser : user;
  // The project workspace has one top bar, its own (features/workspace/project-header.tsx).
  if (isWorkspacePath(pathname)) return null;

  return (
    <header data-testid="site-header" className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">
        <Link href="/" className="flex items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
          {/* The mark alone on the narrowest phones, where a visitor's Pricing, Sign in and Get started need the room. */}
          <span className="max-[400px]:sr-only">Sprout</span>
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
            <UserMenu user={shown} />
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
