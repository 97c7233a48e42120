'use client';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { planLabel, TIER_IDS, type FlagKey } from '@sprout/core';
import { errorText } from '@/lib/api/error-text';
import { LoadError } from '@/ui/load-error';
import { Label } from '@/ui/label';
import { Skeletons } from '@/ui/skeleton';
import { flagValueText } from '../admin';
import { adminKeys, useAdminCalls, useFlagOverview } from '../queries';
import { FlagEditor } from './flag-editor';
import { inheritedValue, type FlagValue } from './flag-meta';

type Layer = 'global' | (typeof TIER_IDS)[number];

/** Flags for everyone or for one plan; a person's own are on their page (People). */
export function FlagsView() {
  const calls = useAdminCalls();
  const qc = useQueryClient();
  const [layer, setLayer] = useState<Layer>('global');
  const overview = useFlagOverview();

  if (overview.isError)
    return (
      <LoadError
        layout="box"
        message={errorText(overview.error, { status: 'none', otherwise: 'Could not load the flags.' })}
        onRetry={() => void overview.refetch()}
      />
    );
  if (!overview.data) return <Skeletons className="gap-3" label="Loading flags" bars={['h-10 w-64', 'h-96 w-full']} />;
  const data = overview.data;
  const values = (layer === 'global' ? data.global : (data.plans[layer] ?? {})) as Record<string, FlagValue>;

  async function save(key: FlagKey, value: FlagValue | undefined) {
    const next = await calls.setFlag(layer === 'global' ? 'global' : { plan: layer }, key, value);
    qc.setQueryData(adminKeys.flags, next);
  }

  const envEntries = Object.entries(data.env);
  return (
    <div className="grid gap-6" data-testid="admin-flags">
      <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="flags-how">
        <h2 id="flags-how" className="font-semibold">
          How a person’s flags are decided
        </h2>
        <p className="text-sm text-muted-foreground">
          What is set for the person wins, then their plan, then everyone, then the operator’s <code>FLAG_DEFAULTS</code>, then the built-in default. Every
          change is recorded with your name and applies to the next request.
        </p>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">FLAG_DEFAULTS</dt>
            <dd className="font-mono text-xs break-words" data-testid="flags-env">
              {envEntries.length ? envEntries.map(([k, v]) => `${k}=${flagValueText(v)}`).join(', ') : 'not set'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Models on offer (SPROUT_MODEL, SPROUT_MODELS)</dt>
            <dd className="break-words" data-testid="flags-models">
              {data.models.map((m) => (m.isDefault ? `${m.label} (default)` : m.label)).join(', ')}
            </dd>
          </div>
        </dl>
      </section>

      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor="flags-layer">Set flags for</Label>
        <select
          id="flags-layer"
          value={layer}
          onChange={(e) => setLayer(e.target.value as Layer)}
          data-testid="flags-layer"
          className="h-9 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <option value="global">Everyone</option>
          {TIER_IDS.map((tier) => (
            <option key={tier} value={tier}>
              Plan: {planLabel(tier)}
            </option>
          ))}
        </select>
      </div>

      <FlagEditor
        key={layer}
        layer={layer === 'global' ? 'global' : `plan-${layer}`}
        scopeLabel={layer === 'global' ? 'for everyone' : `on ${planLabel(layer)}`}
        values={values}
        models={data.models}
        inherited={(key) => inheritedValue(data, layer === 'global' ? 'global' : 'plan', key, layer === 'global' ? undefined : layer)}
        onChange={save}
      />
    </div>
  );
}
