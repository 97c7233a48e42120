// Image compressor: pick an image, set a target size, get it compressed in the browser (canvas,
// quality then scale) with before/after sizes and a download. Honours "no cards" (flat layout).

import { compressorChecks } from '../checks/family-checks';
import type { AppSpec } from '../understand/understand';
import { appName, baseFiles, configFile, honouredLook, lookFor } from './common';
import { exportConst } from './literal';
import { source, sourceFiles } from './source';
import type { GeneratedApp } from './types';

export function generateCompressor(spec: AppSpec): GeneratedApp {
  const targetKb = spec.targetBytes ? Math.round(spec.targetBytes / 1000) : 200;
  const presets = [...new Set([100, targetKb, 200, 500, 1000])].sort((a, b) => a - b);
  const name = appName(spec, () => 'Image Compressor');
  const tagline = `Shrink any image to the file size you need (like ${targetKb} KB) right in your browser, then download it.`;
  const look = lookFor(spec, 'green');
  const body = [exportConst('app', { name, tagline }), exportConst('settings', { defaultTargetKb: targetKb, presetsKb: presets })].join('\n');
  return {
    name,
    files: [
      ...compressorChecks(),
      ...baseFiles({ title: name, description: tagline, look, parts: ['storage', 'surface'], noCards: spec.flags.noCards }),
      configFile('compressor', null, 'Name, default target size and presets.', body),
      { path: 'client/src/lib/format.ts', content: source('compressor/lib/format.ts') },
      ...sourceFiles('compressor', ['App.tsx', 'compressor/compress.ts', 'compressor/Dropzone.tsx', 'compressor/TargetSize.tsx', 'compressor/Result.tsx']),
    ],
    kind: 'an image compressor',
    summary: `Built ${name}, an in-browser image compressor`,
    built: [
      'Upload (or drop) an image; it never leaves the device.',
      `Set a target size (default ${targetKb} KB, with presets); the app lowers the quality, then the dimensions, until the file fits.`,
      'Original and compressed sizes side by side with previews, the saving in percent, and a Download button.',
      'The target, the format (JPEG or WebP) and the last five results are remembered.',
    ],
    honoured: [
      ...(spec.targetBytes ? [`Default target: ${targetKb} KB, as in your example.`] : []),
      ...(spec.flags.noCards ? ['No cards: a flat layout with sections separated by rules.'] : []),
      honouredLook(look),
    ],
    unsupported: [],
  };
}
