'use client';
import type { GateRule } from '@sprout/core/contract';
import { useId, useState, type ReactNode } from 'react';
import { LoaderCircle, ShieldAlert, ShieldCheck } from 'lucide-react';
import { loadErrorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { QueryLoadError } from '@/ui/load-error';
import { Textarea } from '@/ui/textarea';
import {
  checkSummary,
  findingPlace,
  reasonHint,
  REASON_MAX,
  REASON_MIN,
  ruleTitle,
  severityLabel,
  type AcknowledgementDraft,
  type FindingGroup,
} from './gate-findings';
import type { SecurityCheckState } from './security-check-state';

/** A group shows this many places at first: a rule found in forty files should not push Publish off the screen. */
const FIRST_PLACES = 3;

/** "I understand the risk" for one critical rule, and once ticked, why it is fine. */
function Acknowledgement({
  rule,
  draft,
  disabled,
  onChange,
}: {
  rule: GateRule;
  draft: AcknowledgementDraft | undefined;
  disabled: boolean;
  onChange: (change: Partial<AcknowledgementDraft>) => void;
}) {
  const id = useId();
  const reason = draft?.reason ?? '';
  const short = reason.trim().length < REASON_MIN;
  return (
    <div className="grid gap-2 border-t pt-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-primary"
          checked={draft?.accepted ?? false}
          disabled={disabled}
          onChange={(e) => onChange({ accepted: e.currentTarget.checked })}
          data-testid="security-accept"
        />
        <span>
          I understand the risk<span className="sr-only"> ({ruleTitle(rule)})</span>
        </span>
      </label>
      {draft?.accepted ? (
        <div className="grid gap-1">
          <label htmlFor={id} className="text-xs font-medium">
            Why is this fine?<span className="sr-only"> ({ruleTitle(rule)})</span>
          </label>
          <Textarea
            id={id}
            rows={2}
            value={reason}
            maxLength={REASON_MAX}
            disabled={disabled}
            onChange={(e) => onChange({ reason: e.currentTarget.value })}
            aria-describedby={`${id}-hint`}
            data-testid="security-reason"
            className="min-h-14 resize-y"
          />
          <p id={`${id}-hint`} data-testid="security-reason-hint" className={cn('text-xs', short ? 'text-muted-foreground' : 'text-primary')}>
            {reasonHint(reason)}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** One rule's findings: what it means, where (file:line) and why, the first few places with the rest one click away. */
function Group({ group, check, disabled }: { group: FindingGroup; check: SecurityCheckState; disabled: boolean }) {
  const [all, setAll] = useState(false);
  const critical = group.severity === 'critical';
  const shown = all ? group.findings : group.findings.slice(0, FIRST_PLACES);
  const more = group.findings.length - shown.length;
  return (
    <li
      data-testid="security-finding-group"
      data-rule={group.rule}
      data-severity={group.severity}
      className={cn('grid gap-2 rounded-md border p-2.5', critical && 'border-destructive/30')}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge variant={critical ? 'outline' : 'warning'} className={critical ? 'border-transparent bg-destructive/15 text-destructive' : undefined}>
          {severityLabel(group.severity)}
        </Badge>
        <span className="font-medium">{ruleTitle(group.rule)}</span>
        {group.findings.length > 1 ? <span className="text-xs text-muted-foreground">{group.findings.length} places</span> : null}
      </p>
      <ul className="grid gap-1.5">
        {shown.map((f, i) => (
          <li key={`${f.file}:${f.line}:${i}`} data-testid="security-finding" className="grid min-w-0 gap-0.5 text-xs">
            <code className="font-mono break-all">{findingPlace(f)}</code>
            <span className="break-words text-muted-foreground">{f.message}</span>
          </li>
        ))}
      </ul>
      {more > 0 || all ? (
        <button
          type="button"
          onClick={() => setAll(!all)}
          aria-expanded={all}
          className="justify-self-start rounded-sm text-xs font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {all ? 'Show fewer' : `Show ${more} more`}
        </button>
      ) : null}
      {critical ? (
        <Acknowledgement rule={group.rule} draft={check.drafts[group.rule]} disabled={disabled} onChange={(change) => check.setDraft(group.rule, change)} />
      ) : null}
    </li>
  );
}

/**
 * The security check before publishing: running, passed, or what it found (critical first), with
 * the owner's acknowledgement per critical rule and, while one blocks, `fix` ("Fix it"). A check
 * that did not run says so and offers to try again; it never stands in the way of publishing (the
 * server runs the gate anyway).
 */
export function SecurityCheck({ check, disabled, fix }: { check: SecurityCheckState; disabled: boolean; fix?: ReactNode }) {
  const titleId = useId();
  const { query, findings } = check;
  if (!findings) {
    if (query.isError) {
      return (
        <QueryLoadError
          query={query}
          layout="banner"
          title="The security check did not run"
          describe={(err) => `${loadErrorText(err)} Publishing runs it anyway.`}
          testId="security-check-error"
        />
      );
    }
    if (query.fetchStatus === 'idle') return null;
    return (
      <p role="status" data-testid="security-check-loading" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Checking your app&apos;s security…
      </p>
    );
  }
  if (findings.length === 0) {
    return (
      <p data-testid="security-check-passed" className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" /> Security check passed
      </p>
    );
  }
  return (
    <section aria-labelledby={titleId} data-testid="security-check" className="grid min-w-0 gap-2">
      <div className="grid gap-0.5">
        <h3 id={titleId} className="flex items-center gap-2 text-sm font-medium">
          <ShieldAlert className={cn('size-4', check.blocked ? 'text-destructive' : 'text-warning')} aria-hidden="true" /> Security check
        </h3>
        <p className="text-xs text-muted-foreground">{checkSummary(findings)}</p>
      </div>
      {/* Scrolls on its own, so a long list keeps Publish in view on a phone; focusable, so it scrolls by keyboard too. */}
      <ul
        aria-label="Findings"
        tabIndex={0}
        className="grid max-h-[min(20rem,45dvh)] min-w-0 gap-2 overflow-y-auto overscroll-contain rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {check.groups.map((group) => (
          <Group key={`${group.severity}:${group.rule}`} group={group} check={check} disabled={disabled} />
        ))}
      </ul>
      {check.blocked ? fix : null}
    </section>
  );
}
