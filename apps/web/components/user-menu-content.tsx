'use client';
import { useRouter } from 'next/navigation';
import { CreditCard, FolderOpen, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { upgradePath } from '@sprout/core';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';

export interface UserMenuContentProps {
  email: string;
  /** Staff see the Admin entry; the page and the API check the tier again. */
  staff: boolean;
  onSignOut: () => void;
}

/** The site header's user menu, loaded with the menu itself (./site-header), not with every page. */
export default function UserMenuContent({ email, staff, onSignOut }: UserMenuContentProps) {
  const router = useRouter();
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
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onSignOut} data-testid="sign-out">
        <LogOut /> Sign out
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
