'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { BarChart3, Flag, Users } from 'lucide-react';
import { cn } from '@/lib/cn';

const LINKS = [
  { href: '/admin', label: 'People', icon: Users, active: (p: string) => p === '/admin' || p.startsWith('/admin/people') },
  { href: '/admin/flags', label: 'Flags', icon: Flag, active: (p: string) => p.startsWith('/admin/flags') },
  { href: '/admin/analytics', label: 'Analytics', icon: BarChart3, active: (p: string) => p.startsWith('/admin/analytics') },
];

/** The admin area's sections. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="flex gap-1 overflow-x-auto border-b">
      {LINKS.map((l) => {
        const active = l.active(pathname);
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? 'page' : undefined}
            data-testid={`admin-nav-${l.label.toLowerCase()}`}
            className={cn(
              '-mb-px flex shrink-0 items-center gap-1.5 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            <l.icon className="size-4" aria-hidden="true" />
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
