import type { SproutRow } from '@sprout/db';
import type { Services } from '../services';
import { publishSprout, type PublishOptions } from './publish';
import { publishThroughQueue, publishWaitMs } from './publish-queue';

/** Publishes the project's current version: as a job on a shared PostgreSQL, else here. */
export function requestPublish(s: Services, sprout: SproutRow, options: PublishOptions): Promise<SproutRow> {
  return s.publishQueue ? publishThroughQueue(s.publishQueue, s.db, sprout, options, publishWaitMs(s.config)) : publishSprout(s, sprout, options);
}
