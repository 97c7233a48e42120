'use client';
import { useRouter } from 'next/navigation';
import { CreditCard, FolderOpen, LogOut, Moon, Settings, ShieldCheck, Sun } from 'lucide-react';
import { upgradePath } from '@sprout/core';
import { applyTheme, currentThemeClass } from '@/lib/browser/theme';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/ui/dropdown-menu';

export interface UserMenuContentProps {
  email: string;
  /** Staff see the Admin entry; the page and the API check the tier again. */
  staff: boolean;
  /** Where no site header carries the theme switch (the project workspace), the menu does. */
  themeItem?: boolean;
  onSignOut: () => void;
}

/** The user menu's items, loaded with the menu itself (./user-menu), not with every page. */
export default function UserMenuContent({ email, staff, themeItem = false, onSignOut }: UserMenuContentProps) {
  const router = useRouter();
  const dark = themeItem && currentThemeClass() === 'dark';
  return (
    <DropdownMenuContent align="end">
      <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{email}</DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => router.push('/build')}>
        <FolderOpen /> Projects
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => router.push('/settings')}>
        <Settings /> Settings
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => router.push(upgradePath('billing'))}>
        <CreditCard /> Billing
      </DropdownMenuItem>
      {staff ? (
        <DropdownMenuItem onSelect={() => router.push('/admin')} data-testid="admin-link">
          <ShieldCheck /> Admin
        </DropdownMenuItem>
      ) : null}
      {themeItem ? (
        <DropdownMenuItem onSelect={() => applyTheme(dark ? 'light' : 'dark')} data-testid="theme-toggle">
          {dark ? <Sun /> : <Moon />} {dark ? 'Light mode' : 'Dark mode'}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onSignOut} data-testid="sign-out">
        <LogOut /> Sign out
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
