'use client';
import { useState } from 'react';
import { LoaderCircle, ShieldCheck } from 'lucide-react';
import { toast } from '@/lib/browser/toast';
import { planLabel, type StaffAssignableTier } from '@sprout/core';
import { useAdminCalls } from '../queries';
import { errorText } from '@/lib/api/error-text';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { cn } from '@/lib/cn';
import { TIER_CHOICES, type AdminUser } from '../admin';

/** The complimentary plans staff may give (audited), the current one marked. */
export function TierForm({ found, onSaved }: { found: AdminUser; onSaved: (next: AdminUser) => void }) {
  const calls = useAdminCalls();
  const current = found.user.tier;
  const [choice, setChoice] = useState<StaffAssignableTier | null>(null);
  const [saving, setSaving] = useState(false);
  const selected = choice ?? (TIER_CHOICES.some((c) => c.tier === current) ? (current as StaffAssignableTier) : null);

  async function save() {
    if (!selected) return;
    setSaving(true);
    try {
      const next = await calls.setTier(found.user.id, selected);
      onSaved(next);
      setChoice(null);
      toast.success(`${next.user.displayName || next.user.email} is now on ${planLabel(next.user.tier)}.`, { id: 'admin-tier' });
    } catch (err) {
      toast.error(errorText(err, { status: 'none', otherwise: 'Could not change the plan. Please try again.' }), {
        id: 'admin-tier-error',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset className="grid gap-3" disabled={saving}>
      <legend className="mb-2 font-semibold">Set plan</legend>
      <div className="grid gap-2 sm:grid-cols-3" role="radiogroup" aria-label="Plan">
        {TIER_CHOICES.map((c) => (
          <label
            key={c.tier}
            className={cn(
              'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              selected === c.tier ? 'border-primary bg-primary/5' : 'hover:bg-accent',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="tier"
                value={c.tier}
                checked={selected === c.tier}
                onChange={() => setChoice(c.tier)}
                className="accent-[var(--primary)]"
                data-testid={`admin-tier-${c.tier}`}
              />
              {c.label}
              {current === c.tier ? <Badge variant="secondary">Current</Badge> : null}
            </span>
            <span className="text-muted-foreground">{c.description}</span>
          </label>
        ))}
      </div>
      <Button className="justify-self-start" onClick={() => void save()} disabled={!selected || selected === current || saving} data-testid="admin-tier-save">
        {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        Save plan
      </Button>
      <p className="text-xs text-muted-foreground">
        Every change is recorded with your name. Paid subscriptions must be cancelled before their plan can be replaced.
      </p>
    </fieldset>
  );
}
