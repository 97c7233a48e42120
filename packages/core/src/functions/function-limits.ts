import { hasPaidAppLimits } from '../plans/tiers';

/** What one call of an app's function may use, by the owner's plan. */
export interface FunctionLimits {
  /** From the request to the reply. */
  wallMs: number;
  /** Longest stretch of computing without a pause (awaiting I/O is a pause). */
  cpuMs: number;
  memoryMb: number;
  requestBytes: number;
  replyBytes: number;
  /** Shortest interval between runs of a schedule. */
  scheduleMinutes: number;
}

const FREE: FunctionLimits = { wallMs: 10_000, cpuMs: 1_000, memoryMb: 128, requestBytes: 1024 * 1024, replyBytes: 6 * 1024 * 1024, scheduleMinutes: 5 };
const PAID: FunctionLimits = { wallMs: 30_000, cpuMs: 5_000, memoryMb: 256, requestBytes: 10 * 1024 * 1024, replyBytes: 20 * 1024 * 1024, scheduleMinutes: 1 };

export function functionLimits(tier: string): FunctionLimits {
  if (hasPaidAppLimits(tier)) return { ...PAID };
  return { ...FREE };
}
