'use client';
import type { ProjectFiles, Sprout } from '@sprout/core/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSaveFile, type Draft } from './use-save-file';

/**
 * Hand edits not saved yet, one per file, each with the version it started from; saving one makes
 * a new version (./use-save-file). An edit back to the file's content is no edit. Leaving the page
 * with unsaved edits asks first.
 */
export function useDrafts(sprout: Sprout, files: ProjectFiles | undefined) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const save = useSaveFile(sprout, setDrafts);
  const unsaved = useMemo(() => new Set(Object.keys(drafts)), [drafts]);
  const hasDraft = useCallback((path: string) => !!drafts[path], [drafts]);

  const edit = useCallback(
    (path: string, content: string) => {
      if (!files) return;
      const base = files.version.id;
      const original = files.files.find((f) => f.path === path)?.content;
      setDrafts((d) => {
        if (content === original && (!d[path] || d[path].baseVersionId === base)) {
          const { [path]: _, ...rest } = d;
          return rest;
        }
        return { ...d, [path]: { content, baseVersionId: d[path]?.baseVersionId ?? base } };
      });
    },
    [files],
  );

  const discard = useCallback(
    (path: string) => {
      setDrafts(({ [path]: _, ...rest }) => rest);
      save.clearConflict();
    },
    [save],
  );

  useEffect(() => {
    if (unsaved.size === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { drafts, unsaved, hasDraft, edit, discard, save };
}
