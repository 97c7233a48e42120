import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PreviewManifest, Sprout } from '@sprout/core/contract';
import { queryKeys } from '@/lib/client/queries';
import { onPreviewVersion } from '../preview/preview-events';
import { ProjectCaches } from './project-caches';

function setup(currentVersionId: string) {
  const qc = new QueryClient();
  qc.setQueryData(queryKeys.sprout('s1'), { id: 's1', currentVersionId } as Sprout);
  const announced: string[] = [];
  const manifests: (PreviewManifest | undefined)[] = [];
  const off = onPreviewVersion('s1', (v) => {
    announced.push(v.versionId);
    manifests.push(v.manifest);
  });
  return { qc, caches: new ProjectCaches('s1', () => qc), announced, manifests, off };
}

describe('ProjectCaches and a run’s candidates', () => {
  it('shows a candidate in the preview without moving the project, then its version', () => {
    const { qc, caches, announced, off } = setup('v1');
    caches.showCandidate('c1');
    expect(announced).toEqual(['c1']);
    expect(qc.getQueryData<Sprout>(queryKeys.sprout('s1'))!.currentVersionId).toBe('v1');
    caches.showVersion('c1');
    expect(announced).toEqual(['c1', 'c1']);
    expect(qc.getQueryData<Sprout>(queryKeys.sprout('s1'))!.currentVersionId).toBe('c1');
    // Nothing to take back once it became the version.
    caches.dropCandidate();
    expect(announced).toEqual(['c1', 'c1']);
    off();
  });

  it('hands a candidate’s module list to the preview with it; the version that follows is announced by id', () => {
    const { caches, manifests, off } = setup('v1');
    const manifest: PreviewManifest = { version: 'c1', base: '/_sprout/build/v1/', html: 'h', entries: [], modules: {}, styles: [], packages: [] };
    caches.showCandidate('c1', manifest);
    caches.showVersion('c1');
    expect(manifests).toEqual([manifest, undefined]);
    off();
  });

  it('takes a candidate that never became a version back to the current version', () => {
    const { caches, announced, off } = setup('v1');
    caches.showCandidate('c1');
    caches.showCandidate('c2');
    caches.dropCandidate();
    expect(announced).toEqual(['c1', 'c2', 'v1']);
    caches.dropCandidate();
    expect(announced).toEqual(['c1', 'c2', 'v1']);
    off();
  });
});
