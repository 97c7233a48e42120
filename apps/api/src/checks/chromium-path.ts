import { accessSync, constants } from 'node:fs';
import { pickChromium } from '@sprout/core';

/** Whether `file` is there and may be run (one stat, synchronous: microseconds). */
export function canRun(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH unset: Debian's headless shell when installed, else its full Chromium (core's pickChromium). */
export const defaultChromiumPath = (): string => pickChromium(canRun);
