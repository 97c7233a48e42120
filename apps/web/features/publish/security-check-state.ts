'use client';
import type { GateRule, Sprout } from '@sprout/core/contract';
import { useCallback, useMemo, useState } from 'react';
import { gateDecision, groupFindings, type AcknowledgementDraft, type AcknowledgementDrafts } from './gate-findings';
import { publishBlockedFindings } from './publish-errors';
import { usePublishCheck } from './queries';

/**
 * The security check as the publish dialog holds it: the current version's findings (or those a
 * refused publish named: the server's latest word), the owner's acknowledgements as typed, and
 * what they allow. A check that failed or is still running blocks nothing: publishing runs the
 * gate on the server anyway, and its refusal (`publishError`, 422 `publish_blocked`) lands here.
 */
export function useSecurityCheck(sprout: Sprout, open: boolean, publishError: unknown) {
  const query = usePublishCheck(sprout, open);
  const [drafts, setDrafts] = useState<AcknowledgementDrafts>({});
  const refused = useMemo(() => publishBlockedFindings(publishError), [publishError]);
  const findings = refused?.length ? refused : (query.data?.findings ?? null);
  const groups = useMemo(() => groupFindings(findings ?? []), [findings]);
  const decision = useMemo(() => gateDecision(findings ?? [], drafts), [findings, drafts]);

  const setDraft = useCallback(
    (rule: GateRule, change: Partial<AcknowledgementDraft>) =>
      setDrafts((all) => ({ ...all, [rule]: { accepted: false, reason: '', ...all[rule], ...change } })),
    [],
  );
  // Accepting a risk is said for one publish: a closed dialog forgets it.
  const reset = useCallback(() => setDrafts({}), []);

  return {
    query,
    /** The last publish was refused by the gate: its findings are shown here, not as an error sentence. */
    refused: refused !== null,
    findings,
    groups,
    drafts,
    setDraft,
    reset,
    /** A critical finding stands without the owner's word: Publish waits. */
    blocked: !decision.allowed,
    /** Every critical finding is accepted: Publish says "Publish anyway". */
    accepted: decision.allowed && decision.critical.length > 0,
    acknowledge: decision.acknowledge,
  };
}

export type SecurityCheckState = ReturnType<typeof useSecurityCheck>;
