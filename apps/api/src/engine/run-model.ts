import type { Flags } from '@sprout/core';
import { ModelConfigError, type ResolvedModel } from '@sprout/engine';
import { AppError } from '../errors';
import type { Services } from '../services';

/** The model of a run: aiModelOverride when set (one the operator offers), else SPROUT_MODEL. Any other is a 400. */
export function modelFor(s: Services, flags: Flags): ResolvedModel {
  try {
    return s.engine.model(flags.aiModelOverride);
  } catch (err) {
    if (err instanceof ModelConfigError) throw new AppError(400, 'invalid_model', `The model override cannot be used: ${err.message}`);
    throw err;
  }
}
