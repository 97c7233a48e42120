'use client';
import { useEffect, useState, type FormEvent } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ChevronRight, LoaderCircle, Search } from 'lucide-react';
import { errorText } from '@/lib/api/error-text';
import { LoadError } from '@/ui/load-error';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Skeletons } from '@/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePeople } from '../queries';
import { PersonCard } from './person-card';

/**
 * People: a search over emails and names (the newest accounts before anything is typed), and the
 * chosen person in full. The search and the choice live in the address (?q=&person=), so a look-up
 * can be shared with another staff member and survives a reload.
 */
export function PeopleView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const q = params.get('q') ?? '';
  const chosen = params.get('person');
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const people = usePeople(q);
  const list = people.data?.people ?? [];
  // One match (an exact email, say) is the person being looked for.
  const selected = chosen ?? (q !== '' && list.length === 1 ? list[0]!.id : null);

  function go(next: { q?: string; person?: string | null }) {
    const sp = new URLSearchParams(params.toString());
    if (next.q !== undefined) {
      if (next.q) sp.set('q', next.q);
      else sp.delete('q');
    }
    if (next.person === null) sp.delete('person');
    else if (next.person) sp.set('person', next.person);
    router.replace(`${pathname}${sp.size ? `?${sp.toString()}` : ''}`, { scroll: false });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    go({ q: draft.trim(), person: null });
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm sm:p-6" role="search">
        <Label htmlFor="admin-email">Find people by email or name</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="admin-email"
            type="search"
            maxLength={254}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="name@example.com, or part of a name"
            autoComplete="off"
            data-testid="admin-email"
          />
          <Button type="submit" disabled={people.isFetching} data-testid="admin-search">
            {people.isFetching ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            Search
          </Button>
        </div>
      </form>

      {people.isError ? (
        <LoadError
          layout="box"
          message={errorText(people.error, { status: 'none', otherwise: 'Could not search for people.' })}
          onRetry={() => void people.refetch()}
        />
      ) : !people.data ? (
        <Skeletons className="gap-2" label="Searching" bars={['h-14 w-full', 'h-14 w-full', 'h-14 w-full']} />
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground" data-testid="admin-not-found" role="status">
          {q ? `Nobody’s email or name contains “${q}”.` : 'Nobody has signed up yet.'}
        </p>
      ) : (
        <section aria-label={q ? `People matching ${q}` : 'Newest people'} className="grid gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{q ? `${list.length} found` : 'Newest accounts'}</h2>
          <ul className="grid divide-y overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="admin-people">
            {list.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => go({ person: p.id })}
                  aria-current={selected === p.id ? 'true' : undefined}
                  data-testid="admin-person-row"
                  data-email={p.email}
                  className={cn(
                    'flex w-full items-center gap-3 px-4 py-3 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent',
                    selected === p.id && 'bg-primary/5',
                  )}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="truncate font-medium">{p.displayName || p.email}</span>
                    <span className="truncate text-muted-foreground">{p.email}</span>
                  </span>
                  <span className="hidden shrink-0 text-xs text-muted-foreground tabular-nums sm:block">
                    {p.projects} project{p.projects === 1 ? '' : 's'} · {p.monthlyMessages} msg this month
                  </span>
                  <Badge variant="secondary" className="shrink-0">
                    {p.planLabel}
                  </Badge>
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {selected ? <PersonCard key={selected} id={selected} /> : null}
    </div>
  );
}
