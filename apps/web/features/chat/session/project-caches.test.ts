import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PreviewManifest, PreviewSession, Sprout } from '@sprout/core/contract';
import { projectKeys } from '@/features/projects';
import { PreviewStore } from '@/features/preview';
import { ProjectCaches } from './project-caches';

const ORIGIN = 'http://s1.preview.localhost:3001';

/** The project's caches beside its real preview store, whose frame records what it is sent. */
async function setup(currentVersionId: string) {
  const qc = new QueryClient();
  qc.setQueryData(projectKeys.sprout('s1'), { id: 's1', currentVersionId } as Sprout);
  const preview = new PreviewStore('s1', new EventTarget());
  const sent: { versionId: string; manifest?: PreviewManifest }[] = [];
  preview.frame.current = {
    contentWindow: { postMessage: (m: { versionId: string; manifest?: PreviewManifest }) => sent.push(m) },
  } as unknown as HTMLIFrameElement;
  const session: PreviewSession = { origin: ORIGIN, url: `${ORIGIN}/?s=1`, expiresAt: new Date(Date.now() + 60_000).toISOString() };
  preview.connect({ requestSession: async () => session, refreshProject: () => {} });
  preview.mount();
  preview.setCurrent(currentVersionId);
  preview.reload();
  await new Promise((r) => setTimeout(r, 0));
  sent.length = 0;
  const announced = () => sent.map((m) => m.versionId);
  return { qc, preview, caches: new ProjectCaches('s1', () => qc, preview), sent, announced };
}

describe('ProjectCaches and a run’s candidates', () => {
  it('shows a candidate in the preview without moving the project, then its version', async () => {
    const { qc, preview, caches, announced } = await setup('v1');
    caches.showCandidate('c1');
    expect(announced()).toEqual(['c1']);
    expect(preview.getSnapshot().candidate).toBe('c1');
    expect(qc.getQueryData<Sprout>(projectKeys.sprout('s1'))!.currentVersionId).toBe('v1');
    caches.showVersion('c1');
    expect(announced()).toEqual(['c1', 'c1']);
    expect(preview.getSnapshot().candidate).toBeNull();
    expect(qc.getQueryData<Sprout>(projectKeys.sprout('s1'))!.currentVersionId).toBe('c1');
    // Nothing to take back once it became the version.
    caches.dropCandidate();
    expect(announced()).toEqual(['c1', 'c1']);
  });

  it('hands a candidate’s module list to the preview with it; the version that follows is announced by id', async () => {
    const { caches, sent } = await setup('v1');
    const manifest: PreviewManifest = { version: 'c1', base: '/_sprout/build/v1/', html: 'h', entries: [], modules: {}, styles: [], packages: [] };
    caches.showCandidate('c1', manifest);
    caches.showVersion('c1');
    expect(sent.map((m) => m.manifest)).toEqual([manifest, undefined]);
  });

  it('takes a candidate that never became a version back to the current version', async () => {
    const { caches, announced } = await setup('v1');
    caches.showCandidate('c1');
    caches.showCandidate('c2');
    caches.dropCandidate();
    expect(announced()).toEqual(['c1', 'c2', 'v1']);
    caches.dropCandidate();
    expect(announced()).toEqual(['c1', 'c2', 'v1']);
  });

  it('announces each version once', async () => {
    const { caches, announced } = await setup('v1');
    caches.showVersion('v2');
    caches.showVersion('v2');
    expect(announced()).toEqual(['v2']);
  });
});
