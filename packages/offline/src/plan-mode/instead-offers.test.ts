import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { readSproutAnswerMetadata } from '@sprout/engine/protocol';
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '../offline-model';
import { applyAnswer, readMarker, starter } from '../testing';
import { buildApp } from './built-app';
import { OFFERS } from './instead-offers';

/** What the model builds for a request in build mode, as a run would: the files and whether it substituted. */
async function buildThrough(request: string) {
  const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: request }] }];
  const result = await createOfflineModel({ durationMs: 0 }).doGenerate({
    prompt,
    providerOptions: { sprout: { staff: false, mode: 'build' } },
  } as LanguageModelV3CallOptions);
  const part = result.content[0];
  const turn = applyAnswer(part?.type === 'text' ? part.text : '', starter());
  return { turn, substituted: readSproutAnswerMetadata(result.providerMetadata).substituted };
}

describe('the apps offered instead', () => {
  it('offers only apps that, sent as a build request, build what they name without being substituted', async () => {
    for (const o of OFFERS) {
      const { turn, substituted } = await buildThrough(o.request);
      expect(substituted, o.request).toBe(false);
      expect(turn.problems, o.request).toEqual([]);
      const marker = readMarker(turn.files.get('client/src/config.ts'));
      expect(marker?.family, o.request).toBe(o.family);
      if (o.variant) expect(marker?.variant, o.request).toBe(o.variant);
      expect(buildApp(o.request).app.kind, o.request).toMatch(o.builds);
    }
  });
});
