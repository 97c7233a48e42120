'use client';
import type { User } from '@sprout/core/contract';
import { lazy, Suspense } from 'react';
import { useRouter } from 'next/navigation';
import { INTERNAL_STAFF_TIER } from '@sprout/core';
import { useAppServices } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { Button } from '@/ui/button';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { cn } from '@/lib/cn';

// The menu's items (and their icons) are fetched with the menu (once the page is idle).
const loadMenu = () => import('./user-menu-content');
const UserMenuContent = lazy(loadMenu);

export type MenuUser = Pick<User, 'displayName' | 'email'>;

/**
 * The signed-in person's menu: the site header's (initial and name) and the project workspace's top
 * bar (`compact`: the initial only, and the theme switch, since the workspace has no site header).
 */
export function UserMenu({ user, compact = false }: { user: MenuUser; compact?: boolean }) {
  const auth = useAuth();
  const { identity } = useAppServices();
  const router = useRouter();

  async function signOut() {
    await identity.signOut();
    router.push('/');
  }

  return (
    <LazyDropdownMenu
      preload={loadMenu}
      trigger={
        <Button
          variant="outline"
          size="sm"
          data-testid="user-menu"
          aria-label={compact ? `Account: ${user.displayName}` : undefined}
          className={cn('shrink-0', compact ? 'size-8 p-0' : 'max-w-32 sm:max-w-44')}
        >
          <span className="flex size-5 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground">
            {(user.displayName || user.email).slice(0, 1).toUpperCase()}
          </span>
          <span className={compact ? 'sr-only' : 'truncate'}>{user.displayName}</span>
        </Button>
      }
    >
      {() => (
        <Suspense fallback={null}>
          <UserMenuContent email={user.email} staff={auth.user?.tier === INTERNAL_STAFF_TIER} themeItem={compact} onSignOut={() => void signOut()} />
        </Suspense>
      )}
    </LazyDropdownMenu>
  );
}
