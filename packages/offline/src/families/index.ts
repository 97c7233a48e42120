// Family id → the generator that builds that kind of app.

import type { FamilyId } from '../understand/families';
import type { AppSpec } from '../understand/understand';
import { generateCollection } from './collection/index';
import { generateCompressor } from './compressor';
import { generateConsumer } from './consumer/index';
import { generateGame } from './game';
import { generateKanban } from './kanban';
import { generateLanding } from './landing/index';
import { generatePortal } from './portal/index';
import { generateB2b, generateInternal } from './records/index';
import { generateScheduler } from './scheduler';
import type { FamilyGenerator, GeneratedApp } from './types';

const GENERATORS: Partial<Record<FamilyId, FamilyGenerator>> = {
  kanban: generateKanban,
  scheduler: generateScheduler,
  landing: generateLanding,
  compressor: generateCompressor,
  b2b: generateB2b,
  internal: generateInternal,
  portal: generatePortal,
  consumer: generateConsumer,
  game: generateGame,
  collection: generateCollection,
};

export function generateApp(spec: AppSpec): GeneratedApp {
  const generate = GENERATORS[spec.family] ?? generateKanban;
  return generate(spec);
}
