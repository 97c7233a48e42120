'use client';
import type { AppUserSummary, Dataset } from '@sprout/core/contract';
import { useState } from 'react';
import { UserX } from 'lucide-react';
import { useAppUsers, useRemoveAppUser } from './queries';
import { QueryLoadError } from '@/ui/load-error';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Skeletons } from '@/ui/skeleton';
import { RelativeTime } from '@/ui/relative-time';

type UsersQuery = ReturnType<typeof useAppUsers>;

/** The people who signed up in the app (its own accounts, not Sprout's), with a way to remove one. */
export function AppUsers({ sproutId, dataset, users }: { sproutId: string; dataset: Dataset; users: UsersQuery }) {
  const remove = useRemoveAppUser(sproutId, dataset);
  const [confirming, setConfirming] = useState<AppUserSummary | null>(null);

  let body;
  if (users.isError && !users.data) body = <QueryLoadError query={users} layout="box" title="The app’s users did not load" />;
  else if (!users.data) body = <Skeletons label="Loading app users" bars={['h-9 w-full', 'h-9 w-full']} />;
  else if (users.data.users.length === 0)
    body = <p className="text-sm text-muted-foreground">Nobody has signed up in your app{dataset === 'test' ? ' preview' : ''} yet.</p>;
  else
    body = (
      <ul className="divide-y rounded-lg border" data-testid="app-user-list">
        {users.data.users.map((u) => (
          <li key={u.id} className="flex items-center gap-2 px-3 py-1.5 text-sm" data-testid="app-user">
            <span className="min-w-0 flex-1 truncate" title={u.email}>
              {u.email}
            </span>
            <RelativeTime iso={u.createdAt} prefix="joined" className="shrink-0 text-xs text-muted-foreground" />
            <Button
              variant="ghost"
              size="icon"
              className="size-8 shrink-0"
              aria-label={`Remove ${u.email}`}
              disabled={remove.isPending && remove.variables?.id === u.id}
              onClick={() => setConfirming(u)}
            >
              <UserX aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="app-users-heading" className="grid gap-2" data-testid="app-users">
      <h3 id="app-users-heading" className="text-sm font-medium">
        App users
      </h3>
      {body}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title={`Remove ${confirming?.email ?? 'this user'}?`}
        description="Their account in your app is deleted and they can no longer sign in. What they added stays."
        confirmLabel="Remove"
        onConfirm={() => {
          if (confirming) remove.mutate(confirming);
          setConfirming(null);
        }}
      />
    </section>
  );
}
