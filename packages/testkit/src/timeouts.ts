import { availableParallelism, loadavg } from 'node:os';

// A time limit in a test guards against a hang, not against a slow machine: on a 2-core machine
// that other jobs share, everything takes longer, so limits grow with the load. They never shrink
// below what an unloaded machine needs.

export interface MachineLoad {
  /** Load averages over 1, 5 and 15 minutes (`os.loadavg()`). */
  load: readonly number[];
  cores: number;
  /**
   * The least factor to use (SPROUT_TIMEOUT_SCALE), for load the averages cannot show yet (suites
   * started side by side) or a machine known to be slow.
   */
  atLeast?: string;
}

/** The most a limit grows: a limit is still there to end a test that hangs. */
export const MAX_SLOWDOWN = 8;

const current = (): MachineLoad => ({ load: loadavg(), cores: availableParallelism(), atLeast: process.env.SPROUT_TIMEOUT_SCALE });

/**
 * How many times longer than on an unloaded machine things may take now: the runnable processes per
 * core over the last 1 and 5 minutes (the higher: load that has just eased is often coming back),
 * at least 1, at most MAX_SLOWDOWN; and at least SPROUT_TIMEOUT_SCALE when that is a number.
 */
export function slowdown(machine: MachineLoad = current()): number {
  const perCore = Math.max(machine.load[0] ?? 0, machine.load[1] ?? 0) / Math.max(1, machine.cores);
  const measured = Math.min(MAX_SLOWDOWN, Math.max(1, perCore));
  const floor = Number(machine.atLeast);
  return machine.atLeast && Number.isFinite(floor) ? Math.max(measured, floor) : measured;
}

/** `ms`, the limit on an unloaded machine, grown with the machine's load now (see `slowdown`). */
export function scaledTimeout(ms: number, machine: MachineLoad = current()): number {
  return Math.round(ms * slowdown(machine));
}
