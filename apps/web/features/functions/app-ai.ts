import type { AppAiSettings } from '@sprout/core/contract';

/*
 * What the App AI section says, as plain functions of the API's answer: the month's tokens of the
 * preview and the published app against the one cap they share, and the cap as the owner typed it.
 */

export const tokenCount = (n: number) => n.toLocaleString('en-US');

/** From this share of the cap on, the bar warns. */
const NEAR_SHARE = 0.8;

interface AiUseRow {
  key: 'test' | 'live';
  label: string;
  tokens: number;
  requests: number;
}

interface AiUse {
  rows: AiUseRow[];
  /** Tokens in and out, test and live together: what the cap counts. */
  total: number;
  /** 0–100 for the bar; 100 once the cap is reached or over (a cap lowered below the month's use). */
  percent: number;
  state: 'reached' | 'near' | 'room';
}

export function aiUse(s: AppAiSettings): AiUse {
  const row = (key: AiUseRow['key'], label: string): AiUseRow => {
    const u = s.used[key];
    return { key, label, tokens: u.tokensIn + u.tokensOut, requests: u.requests };
  };
  const rows = [row('test', 'Preview (test)'), row('live', 'Published app (live)')];
  const total = rows.reduce((sum, r) => sum + r.tokens, 0);
  const cap = s.monthlyTokenCap;
  const state = total >= cap ? 'reached' : total >= cap * NEAR_SHARE ? 'near' : 'room';
  // Rounding never shows a full bar before the cap is reached, nor an empty one once something is used.
  const share = cap > 0 ? (total / cap) * 100 : 100;
  const percent = state === 'reached' ? 100 : total === 0 ? 0 : Math.min(99, Math.max(1, Math.round(share)));
  return { rows, total, percent, state };
}

/** 'July 2026' for '2026-07'; the month is the API's, counted in UTC. */
export function monthLabel(month: string): string {
  const first = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(first.getTime()) ? month : first.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The cap as typed ("500000", "500,000", "2 000 000"), or why it is not one. Checked before sending:
 * a number that does not parse would go out as null, which the API reads as "the plan's default".
 */
export function parseCap(text: string): { cap: number } | { problem: string } {
  const bare = text.replace(/[\s,_]/g, '');
  if (!bare) return { problem: 'Enter a number of tokens, like 500,000.' };
  if (bare.startsWith('-')) return { problem: 'The cap cannot be negative.' };
  if (!/^\d+$/.test(bare)) return { problem: 'The cap is a whole number of tokens.' };
  return { cap: Number(bare) };
}
