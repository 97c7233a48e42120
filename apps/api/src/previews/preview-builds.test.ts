import os from 'node:os';
import path from 'node:path';
import { PreviewBuilder, type ProjectFile } from '@sprout/preview';
import { ALLOWED_PACKAGES, starterFiles, TEMPLATE_PACKAGE_DIR } from '@sprout/template';
import { describe, expect, it } from 'vitest';
import { CandidateProjects, candidateBuild, createPreviewBuild } from './preview-builds';

describe('createPreviewBuild', () => {
  it('serves the very build a run checked: same cache entry, the stored files never loaded', async () => {
    const previews = new PreviewBuilder({
      cacheDir: path.join(os.tmpdir(), 'sprout-preview-test-cache'),
      resolveDir: TEMPLATE_PACKAGE_DIR,
      allowed: ALLOWED_PACKAGES,
    });
    const files: ProjectFile[] = starterFiles().map((f) => ({ path: f.name, content: f.content }));
    const loaded: string[] = [];
    const candidates = new CandidateProjects();
    const build = createPreviewBuild(previews, {
      bridgeOrigin: 'http://localhost:3000',
      candidates,
      loadFiles: async (versionId) => {
        loaded.push(versionId);
        return files;
      },
    });
    const checked = await build('sprout1', 'version1', files);
    expect(checked.ok).toBe(true);
    expect(await build('sprout1', 'version1')).toBe(checked);
    expect(loaded).toEqual([]);
    // Another version is built from the stored files.
    expect((await build('sprout1', 'version2')).ok).toBe(true);
    expect(loaded).toEqual(['version2']);
    // The run's build is a candidate of its own project only; a stored version's is none.
    expect(await candidateBuild(candidates, previews, 'http://localhost:3000', 'sprout1', 'version1')).toBe(checked);
    expect(candidateBuild(candidates, previews, 'http://localhost:3000', 'sprout2', 'version1')).toBeNull();
    expect(candidateBuild(candidates, previews, 'http://localhost:3000', 'sprout1', 'version2')).toBeNull();
  });
});
