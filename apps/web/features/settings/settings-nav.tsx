'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/cn';
import { PageHeading } from '@/ui/page-heading';

const LINKS = [
  { href: '/settings', label: 'General' },
  { href: '/settings/billing', label: 'Billing' },
];

function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="flex gap-1 border-b">
      {LINKS.map((l) => {
        const active = pathname === l.href;
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}

export function SettingsHeader({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-6">
      <PageHeading title={title} description={description} />
      <SettingsNav />
    </div>
  );
}
