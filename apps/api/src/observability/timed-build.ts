import type { BuildResult } from '@sprout/preview';
import type { PreviewBuild } from '../previews/preview-builds';
import type { Metrics } from './metrics';

/**
 * The preview build, counted: each build once, however often its cached result is served again
 * (a cache hit returns the same result object), with the builder's own duration.
 */
export function timedBuild(build: PreviewBuild, metrics: Metrics): PreviewBuild {
  const counted = new WeakSet<BuildResult>();
  return async (sproutId, versionId, files) => {
    const started = performance.now();
    let result: BuildResult;
    try {
      result = await build(sproutId, versionId, files);
    } catch (err) {
      metrics.observeBuild('error', performance.now() - started);
      throw err;
    }
    if (!counted.has(result)) {
      counted.add(result);
      metrics.observeBuild(result.ok ? 'ok' : 'failed', result.durationMs);
    }
    return result;
  };
}
