import Link from 'next/link';
import { Logo } from '@/ui/logo';

export function SiteFooter({ docsUrl, blogUrl }: { docsUrl: string; blogUrl: string }) {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Logo className="size-5" />
          <span>© 2026 Sprout</span>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link href="/pricing" className="hover:text-foreground">
            Pricing
          </Link>
          <a href={docsUrl} className="hover:text-foreground" data-testid="docs-link">
            Docs &amp; FAQ
          </a>
          <a href={blogUrl} className="hover:text-foreground" data-testid="blog-link">
            Blog
          </a>
          <Link href="/press" className="hover:text-foreground">
            Press
          </Link>
          <Link href="/terms" className="hover:text-foreground">
            Terms
          </Link>
          <Link href="/privacy" className="hover:text-foreground">
            Privacy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
