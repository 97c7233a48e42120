'use client';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Search } from 'lucide-react';
import { useApi } from '@/lib/client/app-context';
import { errorText, hasStatus } from '@/lib/client/error-text';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeletons } from '@/components/ui/skeleton';
import { adminUserKey, type AdminUser } from './admin';
import { UserCard } from './user-card';

/** Staff tools: look a person up by email, see their plan and usage, hand out a complimentary plan. */
export function AdminView() {
  const api = useApi();
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const lookup = useQuery({
    queryKey: adminUserKey(email),
    queryFn: () => api.request<AdminUser>('GET', `/admin/users?email=${encodeURIComponent(email)}`),
    enabled: email !== '',
    retry: false,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setEmail(draft.trim());
  }

  const notFound = hasStatus(lookup.error, 404);
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm sm:p-6" role="search">
        <Label htmlFor="admin-email">Find a person by email</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="admin-email"
            type="email"
            required
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="name@example.com"
            autoComplete="off"
            data-testid="admin-email"
          />
          <Button type="submit" disabled={lookup.isFetching} data-testid="admin-search">
            {lookup.isFetching ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            Look up
          </Button>
        </div>
      </form>

      {email === '' ? null : lookup.data ? (
        <UserCard found={lookup.data} email={email} />
      ) : notFound ? (
        <p className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground" data-testid="admin-not-found" role="status">
          Nobody has the email {email}.
        </p>
      ) : lookup.isError ? (
        <LoadError
          layout="box"
          message={errorText(lookup.error, { status: 'none', otherwise: 'Could not look this person up.' })}
          onRetry={() => void lookup.refetch()}
        />
      ) : (
        <Skeletons className="gap-4" label="Looking up" bars={['h-40 w-full', 'h-24 w-full']} />
      )}
    </div>
  );
}
