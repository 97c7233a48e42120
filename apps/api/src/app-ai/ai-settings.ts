import { aiMonthOf, appAiLimits } from '@sprout/core';
import type { AppAiSettings, OwnerAppAiUse } from '@sprout/core/contract';
import { appAiCapOf, appAiUseOf, appAiUseOfOwner, getUserById, setAppAiCap, type SproutRow } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

const tierOf = async (s: Services, ownerId: string) => s.appCaches.tierOf(ownerId, async () => (await getUserById(s.db, ownerId))?.tier ?? 'free');

/** What the owner sees of their app's AI: this month's tokens (preview and published), the cap, and which model answers. */
export async function appAiSettings(s: Services, sprout: SproutRow): Promise<AppAiSettings> {
  const month = aiMonthOf(new Date());
  const [tier, used, own] = await Promise.all([tierOf(s, sprout.ownerId), appAiUseOf(s.db, sprout.id, month), appAiCapOf(s.db, sprout.id)]);
  const limits = appAiLimits(tier);
  const model = s.engine.model(s.config.models.appAiModel);
  return {
    month,
    used,
    monthlyTokenCap: own ?? limits.defaultMonthlyTokens,
    capIsDefault: own === null,
    maxMonthlyTokenCap: limits.maxMonthlyTokens,
    model: model.offline ? null : model.id,
  };
}

/** Sets the app's monthly cap (null: back to the plan's default), within what the plan allows. */
export async function putAppAiCap(s: Services, sprout: SproutRow, cap: number | null): Promise<AppAiSettings> {
  const { maxMonthlyTokens } = appAiLimits(await tierOf(s, sprout.ownerId));
  if (cap !== null && cap > maxMonthlyTokens)
    throw new AppError(400, 'ai_cap_too_high', `This plan allows at most ${maxMonthlyTokens.toLocaleString('en')} tokens a month for an app's AI.`);
  await setAppAiCap(s.db, sprout.id, cap);
  return appAiSettings(s, sprout);
}

/** The person's apps that used AI this month (their apps' use is metered to them), for their usage page. */
export async function ownerAppAiUse(s: Services, ownerId: string): Promise<OwnerAppAiUse> {
  const month = aiMonthOf(new Date());
  const [tier, apps] = await Promise.all([tierOf(s, ownerId), appAiUseOfOwner(s.db, ownerId, month)]);
  const { defaultMonthlyTokens } = appAiLimits(tier);
  return {
    month,
    apps: apps.map(({ cap, ...app }) => ({ ...app, monthlyTokenCap: cap ?? defaultMonthlyTokens })),
    totalTokens: apps.reduce((sum, app) => sum + app.tokens.test + app.tokens.live, 0),
  };
}
