'use client';
import { useQueryClient } from '@tanstack/react-query';
import type { FlagKey } from '@sprout/core';
import { errorText } from '@/lib/api/error-text';
import { LoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import type { AdminPerson } from '../admin';
import { adminKeys, useAdminCalls, useFlagOverview } from '../queries';
import { FlagEditor } from './flag-editor';
import { inheritedValue, type FlagValue } from './flag-meta';

/** The flags set for this person alone, over what their plan and everyone get. */
export function PersonFlagsSection({ person }: { person: AdminPerson }) {
  const calls = useAdminCalls();
  const qc = useQueryClient();
  const overview = useFlagOverview();
  const id = person.user.id;

  async function save(key: FlagKey, value: FlagValue | undefined) {
    const flags = await calls.setPersonFlag(id, key, value);
    qc.setQueryData<AdminPerson>(adminKeys.person(id), (old) => (old ? { ...old, flags } : old));
  }

  return (
    <section className="grid gap-3" aria-labelledby="admin-person-flags">
      <div>
        <h2 id="admin-person-flags" className="font-semibold">
          Flags for this person
        </h2>
        <p className="text-sm text-muted-foreground">What is set here wins over their plan’s and everyone’s flags.</p>
      </div>
      {overview.isError ? (
        <LoadError
          layout="box"
          message={errorText(overview.error, { status: 'none', otherwise: 'Could not load the flags.' })}
          onRetry={() => void overview.refetch()}
        />
      ) : overview.data ? (
        <FlagEditor
          layer="user"
          scopeLabel={`for ${person.user.displayName || person.user.email}`}
          values={person.flags.own as Record<string, FlagValue>}
          models={overview.data.models}
          inherited={(key) => inheritedValue(overview.data, 'user', key, person.user.tier)}
          onChange={save}
        />
      ) : (
        <Skeletons className="gap-2" label="Loading flags" bars={['h-64 w-full']} />
      )}
    </section>
  );
}
