'use client';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCalls } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { analyticsCalls } from './api';

/*
 * The Analytics panel's data as a hook: the published app's report for a range of days, fresh while
 * the panel is on screen and left alone while it is hidden.
 */

/** Visits are counted as they happen; a report twice a minute is as fresh as an owner watching it needs. */
const REPORT_POLL_MS = 30_000;

const keys = {
  report: (sproutId: string, days: number) => ['site-analytics', sproutId, days] as const,
};

/** `live`: the panel is on screen, so it polls, refetches on focus, and catches up the moment it is shown again. */
export function useSiteAnalytics(sproutId: string, days: number, opts: { enabled: boolean; live: boolean }) {
  const calls = useCalls(analyticsCalls);
  // Only once the signed-in user is known: a call made earlier would go out without a token.
  const signedIn = useAuth().status === 'signed-in';
  const enabled = opts.enabled && signedIn;
  const query = useQuery({
    queryKey: keys.report(sproutId, days),
    queryFn: () => calls.report(sproutId, days),
    enabled,
    refetchInterval: opts.live ? REPORT_POLL_MS : false,
    refetchOnWindowFocus: opts.live,
  });

  // The panel stays mounted behind other tabs: a report from before they were opened is stale when it is shown again.
  const { refetch } = query;
  const hasData = query.data !== undefined;
  const wasLive = useRef(opts.live);
  useEffect(() => {
    // A first load is the query's own; joining a fetch under way rather than restarting it.
    if (opts.live && !wasLive.current && enabled && hasData) void refetch({ cancelRefetch: false });
    wasLive.current = opts.live;
  }, [opts.live, enabled, hasData, refetch]);

  return query;
}
