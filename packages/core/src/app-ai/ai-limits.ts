import { hasPaidAppLimits } from '../plans/tiers';

/**
 * What an app's AI calls (`ai.chat` in its pages, `ctx.ai` in its functions) may use, by its owner's
 * plan. Every call goes through Sprout with Sprout's provider and key, metered to the owner: the
 * month's tokens of the app count against its cap, which the owner sets (up to the plan's most).
 */
export interface AppAiLimits {
  /** Messages in one request (a chat's history included). */
  maxMessages: number;
  /** Characters of the system text and every message together. */
  maxPromptChars: number;
  /** The longest reply one request may ask for, in tokens. */
  maxOutputTokens: number;
  /** Requests a minute from one visitor of the app (per dataset). */
  requestsPerMinute: number;
  /** The app's tokens a month (in and out) until the owner sets another cap. */
  defaultMonthlyTokens: number;
  /** The highest cap an owner may set. */
  maxMonthlyTokens: number;
}

const FREE: AppAiLimits = {
  maxMessages: 50,
  maxPromptChars: 24_000,
  maxOutputTokens: 1_024,
  requestsPerMinute: 10,
  defaultMonthlyTokens: 200_000,
  maxMonthlyTokens: 1_000_000,
};
const PAID: AppAiLimits = {
  maxMessages: 100,
  maxPromptChars: 96_000,
  maxOutputTokens: 4_096,
  requestsPerMinute: 30,
  defaultMonthlyTokens: 2_000_000,
  maxMonthlyTokens: 50_000_000,
};

export function appAiLimits(tier: string): AppAiLimits {
  return { ...(hasPaidAppLimits(tier) ? PAID : FREE) };
}

/** The month an AI call counts in (UTC), as `YYYY-MM`. */
export function aiMonthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * What an app's AI answers when this Sprout has no model configured (the offline builder only): an
 * honest sentence, streamed like any reply, so the app keeps working and says why.
 */
export const AI_NOT_SET_UP_REPLY =
  'AI is not set up on this Sprout yet, so this is not a real answer. Everything else in this app works; its owner can ask the people who run Sprout to configure a model.';
